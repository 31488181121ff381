import { image, text } from '../setting-types.js'
import { entry } from './entry.js'

/** The home page's hero; empty values keep the store's own text. */
export const bannerSettings = {
  // The home page's hero; empty values keep the store's own text.
  banner_title: entry({
    category: 'banner',
    public: true,
    label: 'Título',
    description: 'Título do banner da página inicial',
    hint: 'vazio: o título padrão da loja',
    type: text(200),
    default: '',
  }),
  banner_subtitle: entry({
    category: 'banner',
    public: true,
    label: 'Slogan',
    description: 'Slogan do banner da página inicial',
    type: text(500),
    default: '',
  }),
  banner_image_url: entry({
    category: 'banner',
    public: true,
    label: 'Imagem de fundo',
    description: 'Imagem de fundo do banner (endereço https:// ou /...)',
    hint: 'https://... ou o endereço de uma imagem da loja',
    type: image(),
    default: '',
  }),
}
