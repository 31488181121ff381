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
import type { CartOwner } from '../../http/cart-session.js'
import type { CartService } from '../cart/cart.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { NewsletterService } from '../newsletter/newsletter.service.js'
import type { OrderReads } from '../orders/orders.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { checkoutDrafts, checkoutReminderAddresses } from './abandoned.tables.js'

const DAY_MS = 86_400_000
/** One reminder per address in this long, however many carts it typed into. */
const ADDRESS_QUIET_DAYS = 7

export const DRAFT_NOT_IN_CART = 'Estes materiais não estão no carrinho desta sessão'

/**
 * Checkouts left half-way: a buyer who ticked the newsletter box and typed her e-mail, then
 * left without an order, gets one e-mail `abandoned_minutes` later with her items and a link
 * that puts them back in a cart. A draft is kept only with the box ticked and only of items in
 * that session's cart; but whoever ticks it may have typed anyone's address, so the e-mail
 * goes only to an address whose own consent the store holds: a newsletter subscription it
 * confirmed (the checkout's and sign-up's boxes record one, confirmed by e-mail). Never when
 * an order with her e-mail followed, never twice for a cart (the row is claimed, and its e-mail
 * written with its new status in one transaction), and once a week at most per address,
 * whatever the carts (the address's row, taken in that transaction).
 */
export function createAbandonedService(deps: {
  db: Db
  log: FastifyBaseLogger
  settings: Pick<SettingsService, 'get'>
  products: Pick<ProductsService, 'summaries'>
  orders: Pick<OrderReads, 'orderedSince'>
  cart: Pick<CartService, 'lines'>
  newsletter: Pick<NewsletterService['subscribers'], 'hasConfirmed'>
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

  /**
   * The address's week, taken in `tx`: false when another cart of it was reminded in the last
   * ADDRESS_QUIET_DAYS. On PostgreSQL a second transaction inserting the same address waits for
   * the first one's commit, then finds the row taken and changes nothing.
   */
  async function takeAddressWeek(tx: Db, email: string): Promise<boolean> {
    const at = now()
    const weekAgo = new Date(at.getTime() - ADDRESS_QUIET_DAYS * DAY_MS)
    const [taken] = await tx
      .insert(checkoutReminderAddresses)
      .values({ email, sentAt: at })
      .onConflictDoUpdate({
        target: checkoutReminderAddresses.email,
        set: { sentAt: at },
        setWhere: lte(checkoutReminderAddresses.sentAt, weekAgo),
      })
      .returning({ email: checkoutReminderAddresses.email })
    return taken !== undefined
  }

  async function remind(draft: typeof checkoutDrafts.$inferSelect): Promise<boolean> {
    const settle = (status: 'emailed' | 'skipped') => ({
      status,
      ...(status === 'emailed' ? { emailedAt: now() } : {}),
      ...claims.released(),
    })
    // An order followed; or the address never confirmed it wants news (the box may have been
    // ticked by anyone who typed it): nothing is sent.
    if (
      (await deps.orders.orderedSince(draft.email, draft.createdAt)) ||
      !(await deps.newsletter.hasConfirmed(draft.email))
    ) {
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
      note: 'Você recebe este lembrete porque confirmou neste e-mail que quer novidades da loja. Ele vem uma vez por carrinho, no máximo um por semana.',
    })
    return db.transaction(async (tx) => {
      const [settled] = await tx
        .update(checkoutDrafts)
        .set(settle('emailed'))
        .where(claims.held(draft))
        .returning({ id: checkoutDrafts.id })
      if (!settled) return false
      if (!(await takeAddressWeek(tx, draft.email))) {
        await tx
          .update(checkoutDrafts)
          .set({ status: 'skipped', emailedAt: null })
          .where(eq(checkoutDrafts.id, draft.id))
        return false
      }
      await deps.mail.enqueue(tx, {
        dedupeKey: `checkout-draft:${draft.id}:reminder`,
        to: draft.email,
        ...content,
      })
      return true
    })
  }

  return {
    /**
     * POST /api/checkout/draft: kept only with the box ticked, and only of what is in this
     * session's cart (409 otherwise). The answer is the same whether or not the address may
     * be e-mailed: it tells nobody who subscribed.
     */
    async save(owner: CartOwner, body: CheckoutDraftBody): Promise<{ saved: boolean }> {
      const cartSession = owner.sessionId
      if (!body.consent) {
        // Consent withdrawn (the box unticked): what was kept of this cart goes.
        await db
          .delete(checkoutDrafts)
          .where(
            and(eq(checkoutDrafts.cartSession, cartSession), eq(checkoutDrafts.status, 'pending')),
          )
        return { saved: false }
      }
      const lines = await deps.cart.lines(owner)
      const inCart = body.items.every((item) =>
        lines.some((l) => l.productId === item.productId && item.quantity <= l.quantity),
      )
      if (!inCart) throw new AppError('conflict', DRAFT_NOT_IN_CART)
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

    /**
     * The job: drafts quiet for `abandoned_minutes`, each e-mailed at most once; `batch` of them
     * per run (the tests take one each, so that many runs race on one address).
     */
    async runDue(batch = 50): Promise<number> {
      const minutes = await deps.settings.get('abandoned_minutes')
      const quietSince = new Date(now().getTime() - minutes * 60_000)
      const due = await claims.claimDue(db, batch, lte(checkoutDrafts.updatedAt, quietSince))
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

      /**
       * Inside the erasure's transaction: her drafts and her address's last reminder go (they
       * hold nothing the store needs).
       */
      async erase(tx: Db, emails: string[]): Promise<number> {
        if (emails.length === 0) return 0
        const gone = await tx
          .delete(checkoutDrafts)
          .where(inArray(checkoutDrafts.email, emails))
          .returning({ id: checkoutDrafts.id })
        await tx
          .delete(checkoutReminderAddresses)
          .where(inArray(checkoutReminderAddresses.email, emails))
        return gone.length
      },
    },

    /**
     * Drafts are deleted DRAFT_KEEP_DAYS after they were made, and an address's last reminder
     * once its quiet week is over (both hold an e-mail; an older reminder decides nothing).
     */
    async purge(): Promise<number> {
      const before = (days: number) =>
        sql`${new Date(now().getTime() - days * DAY_MS).toISOString()}::timestamptz`
      const gone = await db
        .delete(checkoutDrafts)
        .where(lt(checkoutDrafts.createdAt, before(DRAFT_KEEP_DAYS)))
        .returning({ id: checkoutDrafts.id })
      await db
        .delete(checkoutReminderAddresses)
        .where(lt(checkoutReminderAddresses.sentAt, before(ADDRESS_QUIET_DAYS)))
      return gone.length
    },
  }
}

export type AbandonedService = ReturnType<typeof createAbandonedService>
