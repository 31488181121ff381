import { NewsletterConsentExport } from './newsletter.js'
import { z } from 'zod'
import { RegisterBody } from './accounts.js'

/** PUT /api/user/profile: name and WhatsApp, validated exactly as at sign-up. */
export const ProfileBody = RegisterBody.pick({ firstName: true, lastName: true, whatsapp: true })
export type ProfileBody = z.infer<typeof ProfileBody>

/** POST /api/user/delete-account: the account's password, so a left-open session cannot erase it. */
export const DeleteAccountBody = z.object({
  password: z
    .string({ error: 'Informe sua senha para excluir a conta' })
    .min(1, { error: 'Informe sua senha para excluir a conta' })
    .max(200),
})
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>

export const DeleteAccountAnswer = z.object({ success: z.literal(true), message: z.string() })
export type DeleteAccountAnswer = z.infer<typeof DeleteAccountAnswer>

const email = z
  .string({ error: 'Email é obrigatório' })
  .trim()
  .min(1, { error: 'Email é obrigatório' })
  .pipe(z.email({ error: 'Email inválido' }))
  .transform((value) => value.toLowerCase())

/** GET /api/admin/privacy/export?email=… and /api/admin/privacy/lookup?email=… */
export const PrivacyEmailQuery = z.object({ email })
/** POST /api/admin/privacy/anonymize */
export const PrivacyEmailBody = z.object({ email })
export type PrivacyEmailBody = z.infer<typeof PrivacyEmailBody>

/**
 * Everything the store keeps about one person, as handed to them (LGPD art. 18, II and V).
 * Never a password hash, a token or a session id; never another buyer's rows.
 */
export const DataExport = z.object({
  exportedAt: z.string(),
  email: z.string(),
  profile: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      whatsapp: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      customerName: z.string(),
      customerEmail: z.string(),
      customerWhatsapp: z.string(),
      customerAddress: z.string().nullable(),
      /** 'Quero nota fiscal': the document given for the nota (only orders that asked). */
      invoice: z.object({ taxId: z.string(), companyName: z.string().nullable() }).nullable(),
      totalCents: z.number(),
      paymentMethod: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      items: z.array(
        z.object({ productName: z.string(), unitPriceCents: z.number(), quantity: z.number() }),
      ),
    }),
  ),
  purchases: z.array(
    z.object({
      orderId: z.string(),
      productId: z.number(),
      downloadCount: z.number(),
      maxDownloads: z.number(),
      createdAt: z.string(),
      revokedAt: z.string().nullable(),
    }),
  ),
  downloads: z.array(z.object({ productId: z.number(), at: z.string() })),
  canvaLinks: z.array(z.object({ productId: z.number().nullable(), createdAt: z.string() })),
  messages: z.array(
    z.object({
      channel: z.enum(['whatsapp', 'email']),
      kind: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  sessions: z.array(z.object({ createdAt: z.string().nullable(), expiresAt: z.string() })),
  couponUses: z.array(
    z.object({ orderId: z.string(), code: z.string(), discountCents: z.number() }),
  ),
  refunds: z.array(
    z.object({
      orderId: z.string(),
      status: z.string(),
      reason: z.string(),
      decisionNote: z.string().nullable(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  /** The newsletter consent: when and where it was given, its confirmation and its end. */
  newsletter: NewsletterConsentExport.nullable(),
  /** The 'Fale conosco' requests sent under the person's e-mails, with their words. */
  contactRequests: z.array(
    z.object({
      protocol: z.string(),
      name: z.string(),
      email: z.string(),
      orderId: z.string().nullable(),
      message: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Her reviews of the materials she bought, whatever the owner decided about them. */
  reviews: z.array(
    z.object({
      productId: z.number(),
      productName: z.string(),
      rating: z.number(),
      text: z.string(),
      displayName: z.string(),
      status: z.enum(['pending', 'approved', 'rejected']),
      /** Taken off the page because the purchase was refunded or cancelled. */
      hidden: z.boolean(),
      reply: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Her clube subscriptions, with the CPF/CNPJ kept for their renewals. */
  subscriptions: z.array(
    z.object({
      id: z.string(),
      planId: z.number(),
      status: z.string(),
      method: z.string(),
      customerName: z.string(),
      email: z.string(),
      whatsapp: z.string(),
      taxId: z.string().nullable(),
      createdAt: z.string(),
      cancelledAt: z.string().nullable(),
    }),
  ),
  /** Checkouts left half-way, kept for one reminder with the newsletter box ticked. */
  checkoutDrafts: z.array(
    z.object({
      email: z.string(),
      items: z.array(
        z.object({ productId: z.number(), productName: z.string(), quantity: z.number() }),
      ),
      /** Always true: a draft is stored only with the box ticked (unticking deletes it). */
      consent: z.literal(true),
      reminderSentAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The materials her account hearted ('Favoritos'), newest first. */
  favorites: z.array(z.object({ productId: z.number(), createdAt: z.string() })),
  /** Her list's public link (since when, if she shares it) and the coupons she was told of. */
  favoritesSharing: z
    .object({
      sharedSince: z.string().nullable(),
      couponsTold: z.array(z.object({ couponId: z.number(), at: z.string() })),
    })
    .nullable(),
})
export type DataExport = z.infer<typeof DataExport>

/** GET /api/admin/privacy/lookup: whether the store holds anything under an e-mail. */
export const PrivacyLookupAnswer = z.object({
  email: z.string(),
  hasAccount: z.boolean(),
  orders: z.number(),
  purchases: z.number(),
  messages: z.number(),
})
export type PrivacyLookupAnswer = z.infer<typeof PrivacyLookupAnswer>

export const ErasureAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  ordersAnonymised: z.number(),
  accountErased: z.boolean(),
})
export type ErasureAnswer = z.infer<typeof ErasureAnswer>

/** One line of the audit: who (admin id), when, what; the e-mail only as a hash. */
export const PrivacyAuditEntry = z.object({
  id: z.number(),
  action: z.enum(['export', 'erasure']),
  requestedVia: z.enum(['admin', 'customer']),
  adminId: z.string().nullable(),
  emailHash: z.string(),
  createdAt: z.string(),
})
export type PrivacyAuditEntry = z.infer<typeof PrivacyAuditEntry>
