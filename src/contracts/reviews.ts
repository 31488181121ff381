import { MAX_DB_INT } from './limits.js'
import { z } from 'zod'

/** The longest review text taken: a few lines, as a buyer writes on a phone. */
export const REVIEW_TEXT_MAX = 1000
export const REVIEW_NAME_MAX = 60
export const REVIEW_REPLY_MAX = 1000

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

export const REVIEW_MESSAGES = {
  notBuyer: 'Só quem comprou este material (pagamento confirmado) pode avaliá-lo.',
  already: 'Você já avaliou este material. Obrigada!',
  linkInvalid: 'Este link de avaliação não é válido ou expirou.',
  sent: 'Obrigada! Sua avaliação aparece na página assim que for aprovada.',
} as const

/** POST /api/products/:id/reviews. `token`: the e-mailed one-tap link's, instead of a login. */
export const ReviewBody = z.object({
  rating: z.coerce
    .number({ error: 'Escolha de 1 a 5 estrelas' })
    .int({ error: 'Escolha de 1 a 5 estrelas' })
    .min(1, { error: 'Escolha de 1 a 5 estrelas' })
    .max(5, { error: 'Escolha de 1 a 5 estrelas' }),
  text: z
    .string({ error: 'Escreva sua avaliação' })
    .trim()
    .max(REVIEW_TEXT_MAX, { error: `A avaliação pode ter no máximo ${REVIEW_TEXT_MAX} letras` })
    .default(''),
  displayName: z
    .string()
    .trim()
    .max(REVIEW_NAME_MAX, { error: `O nome pode ter no máximo ${REVIEW_NAME_MAX} letras` })
    .optional(),
  token: z.string().max(200).optional(),
})
export type ReviewBody = z.infer<typeof ReviewBody>

/** An id as the database holds it (int4): anything else is not found, never a 500. */
const dbId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_DB_INT, { error: message })
export const ProductIdParams = z.object({ id: dbId('Produto não encontrado') })
export const ReviewIdParams = z.object({ id: dbId('Avaliação não encontrada') })

/** One approved review as the public sees it: first name and initial, never the e-mail. */
export const PublicReview = z.object({
  rating: z.number().int(),
  text: z.string(),
  displayName: z.string(),
  date: z.string(),
  reply: z.string().nullable(),
  verified: z.literal(true),
})
export type PublicReview = z.infer<typeof PublicReview>

/** The stars a product shows: the mean of approved ratings (one decimal) and how many. */
export const RatingSummary = z.object({ average: z.number(), count: z.number().int() })
export type RatingSummary = z.infer<typeof RatingSummary>

export const ProductReviews = RatingSummary.extend({ items: z.array(PublicReview) })
export type ProductReviews = z.infer<typeof ProductReviews>

export const ReviewCreated = z.object({ id: z.number().int(), message: z.string() })

export const AdminReviewQuery = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Situação inválida' }).optional(),
})

export const AdminReview = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  displayName: z.string(),
  email: z.string(),
  orderId: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reply: z.string().nullable(),
  /** Set when the purchase was refunded: never shown, whatever its status. */
  hidden: z.boolean(),
  createdAt: z.string(),
})
export type AdminReview = z.infer<typeof AdminReview>

export const ModerateReviewBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Escolha aprovar ou recusar' }),
  reply: z
    .string()
    .trim()
    .max(REVIEW_REPLY_MAX, { error: `A resposta pode ter no máximo ${REVIEW_REPLY_MAX} letras` })
    .optional(),
})
export type ModerateReviewBody = z.infer<typeof ModerateReviewBody>

/** GET /api/reviews/request?t=: what the e-mailed link opens the rating form for. */
export const ReviewRequestQuery = z.object({ t: z.string().max(200) })
export const ReviewRequestAnswer = z.object({
  productId: z.number().int(),
  productName: z.string(),
  imageUrl: z.string(),
  /** Already rated through this purchase's buyer: the page thanks instead of asking. */
  alreadyReviewed: z.boolean(),
})
export type ReviewRequestAnswer = z.infer<typeof ReviewRequestAnswer>

/** "Maria Souza" → "Maria S.": the public never sees a whole name. */
export function publicReviewerName(full: string): string {
  const words = full.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return 'Cliente'
  const first = words[0]!
  const cap = (w: string) => w.charAt(0).toLocaleUpperCase('pt-BR') + w.slice(1)
  if (words.length === 1) return cap(first)
  const last = words[words.length - 1]!
  return `${cap(first)} ${last.charAt(0).toLocaleUpperCase('pt-BR')}.`
}
