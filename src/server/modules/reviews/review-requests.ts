import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { createReviewTokens } from './review-token.js'
import { productReviews, reviewRequests } from './reviews.tables.js'

const DAY_MS = 86_400_000
/**
 * How far back a first download still earns a request: a store that was down for a while
 * catches up, and one that never ran the job does not e-mail every buyer it ever had.
 */
const CATCH_UP_DAYS = 14
/** Requests written per run; the next run (hourly) takes the rest. */
const BATCH = 200

export interface ReviewRequestDeps {
  db: Db
  settings: Pick<SettingsService, 'get'>
  mail: Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>
  purchases: Pick<PurchasesService, 'firstDownloadedBetween'>
  products: Pick<ProductsService, 'names'>
  tokens: ReturnType<typeof createReviewTokens>
  now: () => Date
}

/**
 * 'Como foi o material?': one e-mail per purchase, `review_request_days` after its first
 * download, with a one-tap link to the rating form. Once is the primary key of
 * review_requests: the row and its e-mail are written in one transaction, so two instances
 * running the job at once send one (the second insert finds the row and writes nothing).
 */
export function createReviewRequests(deps: ReviewRequestDeps) {
  const { db } = deps

  async function sendDue(): Promise<number> {
    const days = await deps.settings.get('review_request_days')
    const until = new Date(deps.now().getTime() - days * DAY_MS)
    const from = new Date(until.getTime() - CATCH_UP_DAYS * DAY_MS)
    const due = await deps.purchases.firstDownloadedBetween(from, until, BATCH)
    if (due.length === 0) return 0
    const asked = await db
      .select({ id: reviewRequests.purchaseId })
      .from(reviewRequests)
      .where(
        inArray(
          reviewRequests.purchaseId,
          due.map((p) => p.id),
        ),
      )
    const done = new Set(asked.map((r) => r.id))
    const names = await deps.products.names([...new Set(due.map((p) => p.productId))])
    let sent = 0
    for (const purchase of due) {
      if (done.has(purchase.id)) continue
      const email = purchase.customerEmail.toLowerCase()
      const [reviewed] = await db
        .select({ id: productReviews.id })
        .from(productReviews)
        .where(
          and(eq(productReviews.productId, purchase.productId), eq(productReviews.email, email)),
        )
      const name = names.get(purchase.productId) ?? 'seu material'
      const token = deps.tokens.sign(purchase.id, deps.now().getTime())
      const content = reviewed
        ? null
        : await deps.mail.compose({
            subject: `Como foi o material "${name}"?`,
            preview: 'Conte em um toque o que achou',
            greeting: 'Olá!',
            paragraphs: [
              `Esperamos que "${name}" esteja ajudando nas suas aulas.`,
              'Sua opinião ajuda outras professoras a escolher. Leva menos de um minuto: toque no botão e escolha as estrelas.',
            ],
            button: { label: 'Avaliar o material', path: `/avaliar?t=${token}` },
            note: 'Enviamos este pedido uma única vez por compra. A avaliação aparece com seu primeiro nome e a inicial do sobrenome.',
          })
      const wrote = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reviewRequests)
          .values({ purchaseId: purchase.id })
          .onConflictDoNothing()
          .returning()
        if (!row || !content) return false
        await deps.mail.enqueue(tx, {
          // Under `order:<id>:` the order's export and erasure find it (privacy module).
          dedupeKey: `order:${purchase.orderId}:review-request:${purchase.id}`,
          to: email,
          ...content,
        })
        return true
      })
      if (wrote) sent++
    }
    if (sent) deps.mail.wake()
    return sent
  }

  return { sendDue }
}
