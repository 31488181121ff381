/** The WhatsApp integration and the Canva links, as the admin and the buyer call them. */
import { z } from 'zod'
import { MAX_DB_INT } from './limits.js'

export const NUMBER_RULE =
  'use código do país + DDD + número, sem espaços ou símbolos (5511987654321)'

/** GET and POST /api/admin/whatsapp-config: the key comes back masked ('••••1234'). */
export const WhatsappConfig = z.object({
  apiUrl: z.string(),
  apiKey: z.string(),
  instanceName: z.string(),
  adminWhatsapp: z.string(),
})
export type WhatsappConfig = z.infer<typeof WhatsappConfig>

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
export const InstanceStatus = z.enum(INSTANCE_STATES)
export type InstanceStatus = z.infer<typeof InstanceStatus>

/** GET /api/admin/whatsapp-status, polled every 5 s by the whatsapp tab. */
export const WhatsappStatus = z.object({
  instanceStatus: InstanceStatus,
  connected: z.boolean(),
  messagesSent: z.number().int(),
  messagesPending: z.number().int(),
  messagesFailed: z.number().int(),
  /** Why the gateway could not be asked (instanceStatus 'error'). */
  error: z.string().optional(),
})
export type WhatsappStatus = z.infer<typeof WhatsappStatus>

/** POST /api/test-whatsapp: an order's buyer message again, or (empty) a test to the admin. */
export const TestWhatsappBody = z
  .object({ orderId: z.string().trim().max(100).optional() })
  .nullish()
  .transform((body) => ({ orderId: body?.orderId || undefined }))

export const TestWhatsappAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  to: z.string(),
})
export type TestWhatsappAnswer = z.infer<typeof TestWhatsappAnswer>

/**
 * GET /api/admin/canva-links: granted links (with their buyer) and each product's template;
 * POST answers the one added (201).
 */
export const AdminCanvaLink = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  templateId: z.string().nullable(),
  linkUrl: z.string(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Null for a product's template entry (no buyer yet). */
  customerEmail: z.string().nullable(),
  product: z.object({ name: z.string() }).nullable(),
})
export type AdminCanvaLink = z.infer<typeof AdminCanvaLink>

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
    .positive({ error: 'Escolha o produto' })
    .max(MAX_DB_INT, { error: 'Escolha o produto' }),
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

/** GET /canva/:id: the receipt e-mail's access token, when the browser holds none yet. */
export const CanvaOpenQuery = z.object({ acesso: z.string().trim().max(200).optional() })

/** POST /api/canva-links/:id/open: the template to open, and when it was first opened. */
export const CanvaOpenAnswer = z.object({ linkUrl: z.string(), usedAt: z.string() })
export type CanvaOpenAnswer = z.infer<typeof CanvaOpenAnswer>

/** One e-mail of the outbox as the admin's E-mails tab lists it. */
export const AdminEmail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  /** In words: 'enviado', 'não enviado: SMTP não configurado', 'falhou: …'. */
  state: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type AdminEmail = z.infer<typeof AdminEmail>

/** GET /api/admin/emails: the latest e-mails, and where the SMTP server is set (env wins). */
export const AdminEmails = z.object({
  transport: z.enum(['env', 'settings', 'none']),
  emails: z.array(AdminEmail),
})
export type AdminEmails = z.infer<typeof AdminEmails>

export const EmailIdParams = z.object({
  id: z.coerce.number({ error: 'E-mail não encontrado' }).int().positive().max(2_147_483_647),
})

/** POST /api/admin/emails/:id/resend. */
export const ResendEmailAnswer = z.object({ success: z.literal(true), message: z.string() })
export type ResendEmailAnswer = z.infer<typeof ResendEmailAnswer>
