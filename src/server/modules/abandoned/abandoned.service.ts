import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import type { CheckoutDraftBody } from '../../../contracts/abandoned.js'
import { DRAFT_KEEP_DAYS } from '../../../contracts/abandoned.js'
import { formatBRL } from '../../../contracts/money.js'
import type { DataExport } from '../../../contracts/privacy.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { OrderReads } from '../orders/orders.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { checkoutDrafts } from './abandoned.tables.js'

const DAY_MS = 86_400_000

/**
 * Checkouts left half-way: a buyer who ticked the newsletter box and typed her e-mail, then
 * left without an order, gets one e-mail `abandoned_minutes` later with her items and a link
 * that puts them back in a cart. Never without that consent (nothing is even stored), never
 * when an order with her e-mail followed, never twice for a cart (the row is claimed, and its
 * e-mail written with its new status in one transaction).
 */
export function createAbandonedService(deps: {
  db: Db
  log: FastifyBaseLogger
  settings: Pick<SettingsService, 'get'>
  products: Pick<ProductsService, 'summaries'>
  orders: Pick<OrderReads, 'orderedSince'>
  mail: Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>
  now?: () => Date
}) {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const claims = rowClaims({
    table: checkoutDrafts,
    leaseSeconds: 60,
    backoffSeconds: exponentialBackoff(60, 3600),
    eligible: eq(checkoutDrafts.status, 'pending'),
    // An e-mail may have been written: a lease that ran out is not retaken (never twice).
    expired: 'settle',
    clock: deps.now,
  })

  async function remind(draft: typeof checkoutDrafts.$inferSelect): Promise<boolean> {
    const settle = (status: 'emailed' | 'skipped') => ({
      status,
      ...(status === 'emailed' ? { emailedAt: now() } : {}),
      ...claims.released(),
    })
    if (await deps.orders.orderedSince(draft.email, draft.createdAt)) {
      await db.update(checkoutDrafts).set(settle('skipped')).where(claims.held(draft))
      return false
    }
    const found = await deps.products.summaries(draft.items.map((i) => i.productId))
    const items = draft.items
      .map((i) => ({ i, p: found.get(i.productId) }))
      .filter((x) => x.p !== undefined)
      .map(({ i, p }) => ({
        title: p!.name,
        lines: [
          `${i.quantity > 1 ? `${i.quantity} × ` : ''}${p!.priceCents === 0 ? 'Grátis' : formatBRL(p!.priceCents)}`,
        ],
      }))
    const content = await deps.mail.compose({
      subject: 'Seus materiais ficaram no carrinho',
      preview: 'Guardamos o que você escolheu: é só continuar',
      greeting: 'Olá!',
      paragraphs: [
        'Você começou uma compra e não terminou. Guardamos os materiais que você escolheu:',
      ],
      items,
      button: { label: 'Continuar a compra', path: `/carrinho/recuperar?t=${draft.token}` },
      note: 'Você recebe este lembrete uma única vez porque pediu novidades da loja ao preencher seu e-mail.',
    })
    return db.transaction(async (tx) => {
      const [settled] = await tx
        .update(checkoutDrafts)
        .set(settle('emailed'))
        .where(claims.held(draft))
        .returning({ id: checkoutDrafts.id })
      if (!settled) return false
      await deps.mail.enqueue(tx, {
        dedupeKey: `checkout-draft:${draft.id}:reminder`,
        to: draft.email,
        ...content,
      })
      return true
    })
  }

  return {
    /** POST /api/checkout/draft: kept (and later e-mailed) only with consent. */
    async save(cartSession: string, body: CheckoutDraftBody): Promise<{ saved: boolean }> {
      if (!body.consent) {
        // Consent withdrawn (the box unticked): what was kept of this cart goes.
        await db
          .delete(checkoutDrafts)
          .where(
            and(eq(checkoutDrafts.cartSession, cartSession), eq(checkoutDrafts.status, 'pending')),
          )
        return { saved: false }
      }
      await db
        .insert(checkoutDrafts)
        .values({
          cartSession,
          email: body.email,
          items: body.items,
          token: randomBytes(24).toString('base64url'),
          updatedAt: now(),
        })
        .onConflictDoUpdate({
          target: checkoutDrafts.cartSession,
          set: { email: body.email, items: body.items, updatedAt: now() },
          // A cart already e-mailed (or skipped) stays as it is: never a second e-mail.
          setWhere: eq(checkoutDrafts.status, 'pending'),
        })
      return { saved: true }
    },

    /** GET /api/checkout/draft/:token: the items the e-mail's link restores. */
    async itemsOf(token: string) {
      const [row] = await db.select().from(checkoutDrafts).where(eq(checkoutDrafts.token, token))
      if (!row)
        throw new AppError('not_found', 'Este link expirou. Os materiais continuam na loja.')
      return { items: row.items }
    },

    /** The job: drafts quiet for `abandoned_minutes`, each e-mailed at most once. */
    async runDue(): Promise<number> {
      const minutes = await deps.settings.get('abandoned_minutes')
      const quietSince = new Date(now().getTime() - minutes * 60_000)
      const due = await claims.claimDue(db, 50, lte(checkoutDrafts.updatedAt, quietSince))
      let sent = 0
      for (const draft of due) {
        try {
          if (await remind(draft)) sent++
        } catch (err) {
          deps.log.warn({ err, draftId: draft.id }, 'abandoned checkout e-mail not written')
          await db.update(checkoutDrafts).set(claims.retryLater(draft)).where(claims.held(draft))
        }
      }
      if (sent) deps.mail.wake()
      return sent
    },

    /**
     * The LGPD export and erasure (privacy module, decision 015), by the e-mails the privacy
     * module holds as proved: the address on a draft was only typed, so it proves nothing.
     */
    personalData: {
      async exportOf(emails: string[]): Promise<DataExport['checkoutDrafts']> {
        if (emails.length === 0) return []
        const rows = await db
          .select()
          .from(checkoutDrafts)
          .where(inArray(checkoutDrafts.email, emails))
          .orderBy(desc(checkoutDrafts.createdAt), desc(checkoutDrafts.id))
        const found = await deps.products.summaries([
          ...new Set(rows.flatMap((r) => r.items.map((i) => i.productId))),
        ])
        return rows.map((r) => ({
          email: r.email,
          items: r.items.map((i) => ({
            productId: i.productId,
            productName: found.get(i.productId)?.name ?? `Produto ${i.productId}`,
            quantity: i.quantity,
          })),
          consent: true as const,
          reminderSentAt: r.emailedAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        }))
      },

      /** Inside the erasure's transaction: her drafts go (they hold nothing the store needs). */
      async erase(tx: Db, emails: string[]): Promise<number> {
        if (emails.length === 0) return 0
        const gone = await tx
          .delete(checkoutDrafts)
          .where(inArray(checkoutDrafts.email, emails))
          .returning({ id: checkoutDrafts.id })
        return gone.length
      },
    },

    /** Drafts are deleted DRAFT_KEEP_DAYS after they were made (they hold a typed e-mail). */
    async purge(): Promise<number> {
      const cutoff = new Date(now().getTime() - DRAFT_KEEP_DAYS * DAY_MS)
      const gone = await db
        .delete(checkoutDrafts)
        .where(lt(checkoutDrafts.createdAt, sql`${cutoff.toISOString()}::timestamptz`))
        .returning({ id: checkoutDrafts.id })
      return gone.length
    },
  }
}

export type AbandonedService = ReturnType<typeof createAbandonedService>
