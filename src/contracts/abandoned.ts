import { MAX_DB_INT } from './limits.js'
import { z } from 'zod'

/** Drafts are kept this long, then deleted (they hold an e-mail typed at checkout). */
export const DRAFT_KEEP_DAYS = 7

/**
 * POST /api/checkout/draft: what the buyer typed at checkout before leaving, items of the
 * session's cart. Kept only with `consent` (the newsletter box): without it nothing is stored,
 * and nothing is ever sent. The box is whoever typed it: the reminder goes only to an address
 * that confirmed from its inbox that it wants news.
 */
export const CheckoutDraftBody = z.object({
  email: z
    .string({ error: 'Informe seu e-mail' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'E-mail muito longo' })
    .pipe(z.email({ error: 'E-mail inválido' })),
  items: z
    .array(
      z.object({
        productId: z.number().int().positive().max(MAX_DB_INT, { error: 'Material inválido' }),
        quantity: z.number().int().min(1).max(99).default(1),
      }),
    )
    .min(1, { error: 'O carrinho está vazio' })
    .max(50, { error: 'Itens demais' }),
  consent: z.boolean().default(false),
})
export type CheckoutDraftBody = z.infer<typeof CheckoutDraftBody>

export const CheckoutDraftAnswer = z.object({ saved: z.boolean() })

/** GET /api/checkout/draft/:token: the items the e-mail's link puts back in a cart. */
export const DraftTokenParams = z.object({ token: z.string().min(10).max(100) })
export const DraftItemsAnswer = z.object({
  items: z.array(z.object({ productId: z.number().int(), quantity: z.number().int() })),
})
