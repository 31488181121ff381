import { text } from '../setting-types.js'
import {
  DEFAULT_PAGE_ABOUT,
  DEFAULT_PAGE_PRIVACY,
  DEFAULT_PAGE_TERMS,
  PAGE_PLACEHOLDERS,
  PAGE_TEXT_MAX,
} from '../default-pages.js'
import { entry } from './entry.js'

const PAGE_HINT = `um parágrafo por linha em branco; # título; - item de lista; endereços https:// e e-mails viram links. Valores da loja: ${Object.entries(
  PAGE_PLACEHOLDERS,
)
  .map(([k, v]) => `{${k}} ${v}`)
  .join(', ')}`

/** The owner's pages: About, Terms and Privacy, in the pages' plain text. */
export const pagesSettings = {
  page_about: entry({
    category: 'pages',
    public: true,
    label: 'Página Sobre nós',
    description: 'Texto da página Sobre nós',
    hint: PAGE_HINT,
    type: text(PAGE_TEXT_MAX),
    default: DEFAULT_PAGE_ABOUT,
  }),
  page_terms: entry({
    category: 'pages',
    public: true,
    label: 'Termos de uso',
    description: 'Texto da página Termos de uso',
    hint: PAGE_HINT,
    type: text(PAGE_TEXT_MAX),
    default: DEFAULT_PAGE_TERMS,
  }),
  page_privacy: entry({
    category: 'pages',
    public: true,
    label: 'Política de privacidade',
    description: 'Texto da página Política de privacidade',
    hint: PAGE_HINT,
    type: text(PAGE_TEXT_MAX),
    default: DEFAULT_PAGE_PRIVACY,
  }),
}
