/** The WhatsApp integration and the Canva links, as the admin and the buyer call them. */
import { z } from 'zod'

export const NUMBER_RULE =
  'use código do país + DDD + número, sem espaços ou símbolos (5511987654321)'

/** GET /api/admin/whatsapp-config: the key comes back masked ('••••1234'). */
export interface WhatsappConfig {
  apiUrl: string
  apiKey: string
  instanceName: string
  adminWhatsapp: string
}

const field = (max: number) => z.string().trim().max(max, { error: 'Valor longo demais' })

/** POST /api/admin/whatsapp-config: a field left out (or the mask sent back) is kept as it is. */
export const WhatsappConfigBody = z.object({
  apiUrl: field(500).optional(),
  apiKey: field(500).optional(),
  instanceName: field(200).optional(),
  adminWhatsapp: field(40).optional(),
})
export type WhatsappConfigBody = z.infer<typeof WhatsappConfigBody>

export const INSTANCE_STATES = ['open', 'connecting', 'close', 'not_configured', 'error'] as const
export type InstanceStatus = (typeof INSTANCE_STATES)[number]

/** GET /api/admin/whatsapp-status, polled every 5 s by the whatsapp tab. */
export interface WhatsappStatus {
  instanceStatus: InstanceStatus
  connected: boolean
  messagesSent: number
  messagesPending: number
  messagesFailed: number
  /** Why the gateway could not be asked (instanceStatus 'error'). */
  error?: string
}

/** POST /api/test-whatsapp: an order's buyer message again, or (empty) a test to the admin. */
export const TestWhatsappBody = z
  .object({ orderId: z.string().trim().max(100).optional() })
  .nullish()
  .transform((body) => ({ orderId: body?.orderId || undefined }))

export interface TestWhatsappAnswer {
  success: true
  message: string
  to: string
}

/** GET /api/admin/canva-links: granted links (with their buyer) and each product's template. */
export interface AdminCanvaLink {
  id: number
  productId: number | null
  templateId: string | null
  linkUrl: string
  usedAt: string | null
  createdAt: string
  /** Null for a product's template entry (no buyer yet). */
  customerEmail: string | null
  product: { name: string } | null
}

const httpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** POST /api/admin/canva-links. */
export const CanvaLinkBody = z.object({
  productId: z.coerce
    .number({ error: 'Escolha o produto' })
    .int({ error: 'Escolha o produto' })
    .positive({ error: 'Escolha o produto' }),
  templateId: field(200).optional().default(''),
  linkUrl: z
    .string({ error: 'Informe o link do modelo' })
    .trim()
    .max(2000, { error: 'Link longo demais' })
    .refine(httpUrl, { error: 'O link deve ser uma URL válida (http:// ou https://)' }),
})
export type CanvaLinkBody = z.infer<typeof CanvaLinkBody>

/** POST /api/canva-links/:id/open: a logged-in owner sends nothing, a guest their credentials. */
export const CanvaOpenBody = z
  .object({ email: z.string().trim().max(200), whatsapp: z.string().trim().max(40) })
  .partial()
  .nullish()

export const CanvaLinkParams = z.object({
  id: z.coerce.number({ error: 'Link não encontrado' }).int().positive().max(2_147_483_647),
})

export interface CanvaOpenAnswer {
  linkUrl: string
  usedAt: string
}
