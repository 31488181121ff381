/** The owner's first hour: the 'Antes de vender' checklist, the demo's removal, the logo. */
import { z } from 'zod'
import { STORE_TEXT_KEYS } from './store-texts.js'

export const CHECKLIST_KEYS = ['payment', 'contact', 'identity', 'alerts', 'demo', 'texts'] as const
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number]

/** In the order she does them; each item links to where it is done (checklist.tsx). */
export const CHECKLIST_LABELS: Record<ChecklistKey, string> = {
  payment: 'Forma de receber: sua chave PIX ou um provedor',
  contact: 'Seu WhatsApp, e-mail e Instagram no lugar dos de exemplo',
  identity: 'Nome da loja e seus dados de vendedora (nome, CPF/CNPJ e endereço)',
  alerts: 'Um e-mail para receber os avisos de pedidos',
  demo: 'Catálogo de demonstração removido',
  texts: 'Revise os textos da loja',
}

/** GET /api/admin/checklist */
export const ChecklistAnswer = z.object({
  items: z.array(z.object({ key: z.enum(CHECKLIST_KEYS), label: z.string(), done: z.boolean() })),
  /** Every item done. */
  ready: z.boolean(),
  /**
   * Products on sale without a year, a component or a kind (school.ts `needsTags`): a note
   * beside the items, not one of them; a store sells without tags, teachers just find it less.
   */
  untagged: z.number().int(),
  /**
   * The store's texts (store-texts.ts): whether she has saved each once (`texts` is done when
   * all are), and whether it still holds the demo's words (what removing the demo may replace).
   */
  texts: z.array(
    z.object({
      key: z.enum(STORE_TEXT_KEYS),
      label: z.string(),
      tab: z.string(),
      reviewed: z.boolean(),
      demo: z.boolean(),
    }),
  ),
})
export type ChecklistAnswer = z.infer<typeof ChecklistAnswer>

/**
 * POST /api/admin/demo/remove: with `replaceTexts`, the demo's words go too (store-texts.ts); no
 * body at all (older screens) removes the demo and leaves the texts.
 */
export const DemoRemoveBody = z
  .object({ replaceTexts: z.boolean().default(false) })
  .nullish()
  .transform((body) => ({ replaceTexts: body?.replaceTexts ?? false }))
export type DemoRemoveBody = z.input<typeof DemoRemoveBody>

/** Products removed (or kept deactivated for a real buyer), orders removed, texts replaced. */
export const DemoRemoved = z.object({
  products: z.number().int(),
  orders: z.number().int(),
  texts: z.number().int(),
})
export type DemoRemoved = z.infer<typeof DemoRemoved>

/** POST /api/admin/store/logo: the logo's new address (also the `store_logo` setting). */
export const LogoAnswer = z.object({ logo: z.string() })
export type LogoAnswer = z.infer<typeof LogoAnswer>
