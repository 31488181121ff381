/** The owner's first hour (issue 27): the 'Antes de vender' checklist, the demo's removal, the logo. */
import { z } from 'zod'

export const CHECKLIST_KEYS = ['payment', 'contact', 'identity', 'alerts', 'demo'] as const
export type ChecklistKey = (typeof CHECKLIST_KEYS)[number]

/** In the order she does them; each item links to where it is done (checklist.tsx). */
export const CHECKLIST_LABELS: Record<ChecklistKey, string> = {
  payment: 'Forma de receber: sua chave PIX ou um provedor',
  contact: 'Seu WhatsApp, e-mail e Instagram no lugar dos de exemplo',
  identity: 'Nome da loja e seus dados de vendedora (nome, CPF/CNPJ e endereço)',
  alerts: 'Um e-mail para receber os avisos de pedidos',
  demo: 'Catálogo de demonstração removido',
}

/** GET /api/admin/checklist */
export const ChecklistAnswer = z.object({
  items: z.array(z.object({ key: z.enum(CHECKLIST_KEYS), label: z.string(), done: z.boolean() })),
  /** Every item done. */
  ready: z.boolean(),
})
export type ChecklistAnswer = z.infer<typeof ChecklistAnswer>

/** POST /api/admin/demo/remove: products removed (or kept deactivated for a real buyer), orders removed. */
export const DemoRemoved = z.object({
  products: z.number().int(),
  orders: z.number().int(),
})
export type DemoRemoved = z.infer<typeof DemoRemoved>

/** POST /api/admin/store/logo: the logo's new address (also the `store_logo` setting). */
export const LogoAnswer = z.object({ logo: z.string() })
export type LogoAnswer = z.infer<typeof LogoAnswer>
