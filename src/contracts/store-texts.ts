/**
 * The store's own words that a new store shows in the demo's voice (About page with its
 * questions, the footer's description, the home page's banner), the neutral texts that can
 * replace them when the demo leaves, and what 'Revise os textos da loja' asks her to save.
 */
import { DEFAULT_SETTINGS, type SettingKey, type SettingValues } from './settings.js'

export const STORE_TEXT_KEYS = ['about', 'footer', 'banner'] as const
export type StoreTextKey = (typeof STORE_TEXT_KEYS)[number]

/**
 * Plain words any store can keep until she writes her own: nothing about who made the
 * materials, nor how fast they arrive (that depends on how she is paid). The About page keeps
 * its questions under the heading the footer links to (`#perguntas-frequentes`).
 */
export const NEUTRAL_TEXTS = {
  page_about: `{loja} vende materiais pedagógicos digitais: arquivos para baixar e imprimir em casa ou na escola.

# Como funciona

- Você escolhe o material, paga com PIX e recebe o acesso assim que o pagamento é confirmado.
- Os arquivos ficam na página do pedido e em Meus materiais.
- Atendimento pelo WhatsApp {whatsapp} e pelo e-mail {email}: {horario}.

# Perguntas frequentes

## Como recebo o material depois de pagar?

Quando o pagamento é confirmado, o download fica disponível na página do pedido e em Meus materiais. Se você comprou sem criar conta, use o e-mail e o WhatsApp informados na compra para encontrar seus materiais.

## Quantas vezes posso baixar?

Cada compra dá direito a {downloads} downloads. Cada link vale por {minutos_link} minutos e pode ser reaberto nesse prazo sem gastar um novo download.

## Os materiais são físicos?

Não. Todos os produtos são digitais: nada é enviado pelo correio.

## Posso compartilhar ou revender o material?

Não. O material é para uso pessoal e em sala de aula; os detalhes estão nos Termos de uso.

## E se eu tiver algum problema com o arquivo?

Fale com a gente pelo WhatsApp {whatsapp} ou pelo e-mail {email}.`,
  footer_description: 'Materiais pedagógicos digitais para imprimir. Pagamento por PIX.',
  banner_title: 'Materiais pedagógicos para imprimir',
  banner_subtitle: 'Atividades e recursos digitais para a sala de aula e para casa.',
} as const satisfies Partial<Record<SettingKey, string>>

export type NeutralTextKey = keyof typeof NEUTRAL_TEXTS

/** Each text as the owner knows it, the settings that hold it and the config tab they are on. */
export const STORE_TEXTS: Record<
  StoreTextKey,
  { label: string; settings: readonly NeutralTextKey[]; tab: string }
> = {
  about: {
    label: 'Sobre nós e perguntas frequentes',
    settings: ['page_about'],
    tab: 'pages',
  },
  footer: { label: 'Texto do rodapé', settings: ['footer_description'], tab: 'general' },
  banner: {
    label: 'Banner da página inicial',
    settings: ['banner_title', 'banner_subtitle'],
    tab: 'banner',
  },
}

/** The texts whose every setting still holds what the store shipped with: the demo's words. */
export function demoTextsOf(values: SettingValues): StoreTextKey[] {
  return STORE_TEXT_KEYS.filter((text) =>
    STORE_TEXTS[text].settings.every((key) => values[key] === DEFAULT_SETTINGS[key]),
  )
}
