import { int } from '../setting-types.js'
import { entry, positive } from './entry.js'

/** Downloads: how many each purchase allows and for how long a link works. */
export const downloadsSettings = {
  max_downloads: entry({
    category: 'downloads',
    public: true,
    label: 'Downloads por compra',
    description: 'Downloads permitidos por compra',
    type: positive(),
    default: 3,
  }),
  download_link_expiry: entry({
    category: 'downloads',
    public: true,
    label: 'Validade do link de download (minutos)',
    description: 'Validade do link de download (minutos)',
    type: positive(),
    default: 30,
  }),
  review_request_days: entry({
    category: 'downloads',
    label: 'Pedido de avaliação (dias após o primeiro download)',
    description:
      'Quantos dias depois do primeiro download o comprador recebe, uma única vez, o e-mail pedindo a avaliação do material',
    hint: 'Dê tempo para o material ser usado em aula: 3 a 7 dias costuma funcionar bem',
    type: int({ min: 1, max: 60 }, (r) => `Use de ${r.min} a ${r.max} dias`),
    default: 3,
  }),
}
