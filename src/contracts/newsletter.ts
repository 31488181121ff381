import { MAX_DB_INT } from './limits.js'
import { z } from 'zod'

export { NEWSLETTER_CONSENT_LABEL } from './newsletter-texts.js'

export const NEWSLETTER_SOURCES = ['checkout', 'signup', 'footer'] as const
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number]

export const NEWSLETTER_MAX_PRODUCTS = 6
export const NEWSLETTER_SUBJECT_MAX = 150
export const NEWSLETTER_TEXT_MAX = 10_000

export const NEWSLETTER_MESSAGES = {
  subscribed:
    'Quase lá! Enviamos um e-mail de confirmação: toque no link dele para começar a receber as novidades.',
  confirmed: 'Inscrição confirmada! Você vai receber nossas novidades por e-mail.',
  unsubscribed: 'Inscrição cancelada. Você não vai mais receber nossas novidades por e-mail.',
  linkInvalid: 'Este link não é válido.',
  notDraft: 'Esta novidade já foi enviada.',
  noOwnerEmail:
    'Informe o e-mail da loja (Configurações › E-mail do administrador) para receber o teste.',
} as const

const email = z
  .string({ error: 'Informe seu e-mail' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail muito longo' })
  .pipe(z.email({ error: 'E-mail inválido' }))

/** POST /api/newsletter/subscribe (the footer): double opt-in, a confirmation e-mail first. */
export const SubscribeBody = z.object({ email })
export const NewsletterAnswer = z.object({ message: z.string() })

/** The links' token: the subscriber's own, and for an unsubscribe the newsletter it came from. */
export const NewsletterTokenQuery = z.object({
  t: z.string().min(10).max(100),
  n: z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
})

export const NewsletterInput = z.object({
  subject: z
    .string({ error: 'Informe o assunto' })
    .trim()
    .min(1, { error: 'Informe o assunto' })
    .max(NEWSLETTER_SUBJECT_MAX, {
      error: `O assunto pode ter no máximo ${NEWSLETTER_SUBJECT_MAX} letras`,
    }),
  text: z
    .string({ error: 'Escreva o texto' })
    .trim()
    .min(1, { error: 'Escreva o texto' })
    .max(NEWSLETTER_TEXT_MAX, {
      error: `O texto pode ter no máximo ${NEWSLETTER_TEXT_MAX} letras`,
    }),
  productIds: z
    .array(z.number().int().positive().max(MAX_DB_INT, { error: 'Material inválido' }))
    .max(NEWSLETTER_MAX_PRODUCTS, {
      error: `Escolha no máximo ${NEWSLETTER_MAX_PRODUCTS} materiais em destaque`,
    })
    .default([]),
})
export type NewsletterInput = z.infer<typeof NewsletterInput>

export const NewsletterIdParams = z.object({
  id: z.coerce
    .number({ error: 'Novidade não encontrada' })
    .int({ error: 'Novidade não encontrada' })
    .positive({ error: 'Novidade não encontrada' })
    .max(MAX_DB_INT, { error: 'Novidade não encontrada' }),
})

export const AdminNewsletter = z.object({
  id: z.number().int(),
  subject: z.string(),
  text: z.string(),
  productIds: z.array(z.number().int()),
  status: z.enum(['draft', 'sending', 'sent']),
  /** Subscribers confirmed when the send began. */
  recipients: z.number().int(),
  /** Written to the outbox so far (the throttled pace): the progress. */
  queued: z.number().int(),
  /** Unsubscribed through this newsletter's link. */
  unsubscribes: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
})
export type AdminNewsletter = z.infer<typeof AdminNewsletter>

export const NewsletterOverview = z.object({
  subscribers: z.object({
    confirmed: z.number().int(),
    pending: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  newsletters: z.array(AdminNewsletter),
})
export type NewsletterOverview = z.infer<typeof NewsletterOverview>

export const NewsletterPreview = z.object({ subject: z.string(), html: z.string() })
export const NewsletterSendAnswer = z.object({ recipients: z.number().int() })
export const NewsletterTestAnswer = z.object({ to: z.string(), message: z.string() })

/** In the customer's data export: the consent, when and where, and its end. */
export const NewsletterConsentExport = z.object({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  source: z.enum(NEWSLETTER_SOURCES),
  consentAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
})
