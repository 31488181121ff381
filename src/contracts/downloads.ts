import { z } from 'zod'
import { CanvaLinkView, CustomerOrder, CustomerPurchase } from './customer.js'

/** Texts of SPEC.md sections 5 and 8 that the server sends and the client shows as they are. */
export const GUEST_FIELDS_MESSAGE = 'Por favor, preencha email e WhatsApp.'
export const NOTHING_FOUND_MESSAGE = 'Nenhum material encontrado'
export const QUOTA_EXHAUSTED_MESSAGE = 'Limite de downloads atingido para esta compra'
export const INVALID_LINK_MESSAGE = 'Link de download expirado ou inválido'
/** Above this the answer carries only links: base64 in JSON costs a third more, in memory too. */
export const DOWNLOAD_DATA_MAX_BYTES = 5 * 1024 * 1024

const guestField = (max: number) =>
  z
    .string({ error: GUEST_FIELDS_MESSAGE })
    .trim()
    .min(1, { error: GUEST_FIELDS_MESSAGE })
    .max(max, { error: GUEST_FIELDS_MESSAGE })

const productId = z.coerce
  .number({ error: 'ID do produto inválido' })
  .int({ error: 'ID do produto inválido' })
  .positive({ error: 'ID do produto inválido' })
  .max(2_147_483_647, { error: 'ID do produto inválido' })

/** What a guest proves a purchase with: the order's e-mail and WhatsApp (SPEC.md section 6). */
export const GuestCredentials = z.object(
  {
    // Orders keep e-mails lowercase (checkout contract), so the lookup compares lowercase.
    email: guestField(200).transform((v) => v.toLowerCase()),
    whatsapp: guestField(40),
  },
  { error: GUEST_FIELDS_MESSAGE },
)
export type GuestCredentials = z.infer<typeof GuestCredentials>

/**
 * Without the WhatsApp, the download is allowed only to a browser that opened a guest access
 * for this e-mail (a code or the link e-mailed to it: contracts/guest-access.ts).
 */
export const GuestDownloadBody = GuestCredentials.extend({
  whatsapp: guestField(40).optional(),
  productId,
})
export type GuestDownloadBody = z.infer<typeof GuestDownloadBody>

export const DownloadProductParams = z.object({ productId })

/** `?data=0`: this client follows the link, so the base64 copy for older clients is left out. */
export const DownloadQuery = z.object({ data: z.enum(['0', '1']).optional() })
export type DownloadQuery = z.infer<typeof DownloadQuery>

/** The token is checked by its signature, not by a schema: any garbage is just an invalid link. */
export const DownloadTokenParams = z.object({ token: z.string() })

export const DownloadFileLink = z.object({
  /** 0 is the main file; 1.. the additional files, in the product's order. */
  index: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** Signed, valid `download_link_expiry` minutes, reusable (resume) within that window. */
  downloadUrl: z.string(),
})
export type DownloadFileLink = z.infer<typeof DownloadFileLink>

/** POST /api/user/download/{productId} and POST /api/guest-download. */
export const DownloadAnswer = z.object({
  success: z.literal(true),
  /** The main file's (or, for a link delivery, the product's) name. */
  fileName: z.string(),
  mimeType: z.string(),
  downloadUrl: z.string(),
  files: z.array(DownloadFileLink),
  /** The purchase this download counted on (a buyer may have several); null when free. */
  purchaseId: z.number().int().nullable(),
  /** Left on that purchase after this download; null for a free material (no quota). */
  remainingDownloads: z.number().int().nullable(),
  message: z.string(),
  /** A Canva or other external link, when the product is delivered that way. */
  externalLink: z.string().nullable(),
  /** data: URL of the main file, only under DOWNLOAD_DATA_MAX_BYTES (SPEC.md's older clients). */
  downloadData: z.string().optional(),
})
export type DownloadAnswer = z.infer<typeof DownloadAnswer>

export const GuestPurchase = CustomerPurchase.extend({ externalLink: z.string().nullable() })
export type GuestPurchase = z.infer<typeof GuestPurchase>

/** POST /api/guest-purchases; `success: false` (status 200) when nothing matched. */
export const GuestPurchasesAnswer = z.object({
  success: z.boolean(),
  purchases: z.array(GuestPurchase),
  orders: z.array(CustomerOrder),
  canvaLinks: z.array(CanvaLinkView),
  message: z.string(),
})
export type GuestPurchasesAnswer = z.infer<typeof GuestPurchasesAnswer>
