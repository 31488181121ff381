import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import type { NotifyUpdateAnswer } from '../../../contracts/product-updates.js'
import { UPDATE_MESSAGES } from '../../../contracts/product-updates.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { OrderReads } from '../orders/orders.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { StampingService } from '../stamping/stamping.service.js'
import { productUpdateRecipients, productUpdates } from './product-updates.tables.js'
import { updateMail, updateWhatsapp } from './update-notice-texts.js'

/**
 * Purchases handled per transaction: each batch's quota, copies and messages commit together,
 * and no batch holds the database long enough to slow the store (5,000 buyers = 25 batches).
 */
export const UPDATE_BATCH = 200

/**
 * 'Avisar compradores': when the owner replaces a product's files she may announce the new
 * version once. Every buyer with a live purchase gets one e-mail (and a WhatsApp when the
 * gateway is connected), her purchase's quota back to its full `max_downloads × quantity`,
 * and new stamped copies. The announcement is a row walked in batches by a background job
 * (claimed as the outbox is, so one instance works it at a time); a batch's messages go out
 * through the outbox at its own pace.
 */
export function createProductUpdatesService(deps: {
  db: Db
  log: FastifyBaseLogger
  settings: Pick<SettingsService, 'get'>
  products: Pick<ProductsService, 'delivery' | 'files'>
  purchases: Pick<PurchasesService, 'liveOfProductAfter' | 'buyersOf' | 'restoreQuota'>
  orders: Pick<OrderReads, 'whatsappsOf'>
  stamping: Pick<StampingService, 'queueCopies'>
  messaging: Pick<MessagingService, 'mail' | 'whatsapp' | 'baseUrl'>
  now?: () => Date
}) {
  const { db, messaging } = deps
  const claims = rowClaims({
    table: productUpdates,
    leaseSeconds: 120,
    backoffSeconds: exponentialBackoff(30, 3600),
    eligible: eq(productUpdates.status, 'sending'),
    // Doing a batch again is harmless: quotas are set, not added, and every message and
    // recipient row is keyed, so a batch retaken writes nothing twice.
    expired: 'retake',
    clock: deps.now,
  })

  /** The files' fingerprint: the same files in the same order are the same version. */
  async function versionOf(productId: number): Promise<string> {
    const files = await deps.products.files(productId)
    if (files.length === 0) throw new AppError('bad_request', UPDATE_MESSAGES.noFiles)
    const hash = createHash('sha256')
    for (const f of files) hash.update(`${f.sha256 ?? f.storageKey}\n`)
    return hash.digest('hex').slice(0, 32)
  }

  /** One batch of buyers after the row's cursor; answers whether more may follow. */
  async function batch(update: typeof productUpdates.$inferSelect): Promise<boolean> {
    const product = await deps.products.delivery(update.productId)
    const { live, lastId } = await deps.purchases.liveOfProductAfter(
      update.productId,
      update.cursor,
      UPDATE_BATCH,
    )
    if (lastId === null || !product) {
      await db
        .update(productUpdates)
        .set({ status: 'done', ...claims.released() })
        .where(claims.held(update))
      return false
    }
    const perPurchase = await deps.settings.get('max_downloads')
    const mail = await messaging.mail.compose(
      updateMail(product.name, update.note, `${perPurchase} por unidade comprada`),
    )
    const whatsappOn = await messaging.whatsapp.configured()
    const numbers = whatsappOn
      ? await deps.orders.whatsappsOf([...new Set(live.map((p) => p.orderId))])
      : new Map<string, string>()
    const link = new URL('/meus-materiais', `${messaging.baseUrl.get()}/`).toString()
    const wrote = await db.transaction(async (tx) => {
      await deps.purchases.restoreQuota(
        tx,
        live.map((p) => p.id),
      )
      await deps.stamping.queueCopies(tx, live)
      let told = 0
      for (const purchase of live) {
        const email = purchase.customerEmail.toLowerCase()
        const [first] = await tx
          .insert(productUpdateRecipients)
          .values({ updateId: update.id, email })
          .onConflictDoNothing()
          .returning()
        if (!first) continue
        told++
        // Under `order:<id>:` the order's export and erasure find them (privacy module).
        const key = `order:${purchase.orderId}:material-updated:${update.id}`
        await messaging.mail.enqueue(tx, { dedupeKey: `${key}:email`, to: email, ...mail })
        const to = messaging.whatsapp.address(numbers.get(purchase.orderId) ?? '')
        if (to) {
          await messaging.whatsapp.enqueue(tx, {
            dedupeKey: `${key}:whatsapp`,
            to,
            body: updateWhatsapp(product.name, update.note, link),
          })
        }
      }
      const moved = await tx
        .update(productUpdates)
        .set({
          cursor: lastId,
          notified: sql`${productUpdates.notified} + ${told}`,
          ...claims.released(),
        })
        .where(claims.held(update))
        .returning({ id: productUpdates.id })
      // The claim was lost (this run was too slow): roll back, the new holder does this batch.
      if (moved.length === 0) throw new AppError('conflict', 'lease lost')
      return told
    })
    if (wrote) messaging.mail.wake()
    return true
  }

  return {
    /** POST /api/admin/products/:id/notify-update: the new version announced, once. */
    async announce(productId: number, note: string): Promise<NotifyUpdateAnswer> {
      const product = await deps.products.delivery(productId)
      if (!product || product.deletedAt) throw new AppError('not_found', 'Produto não encontrado')
      const version = await versionOf(productId)
      const [row] = await db
        .insert(productUpdates)
        .values({ productId, version, note })
        .onConflictDoNothing({ target: [productUpdates.productId, productUpdates.version] })
        .returning({ id: productUpdates.id })
      if (!row) throw new AppError('conflict', UPDATE_MESSAGES.already)
      return { notified: await deps.purchases.buyersOf(productId) }
    },

    /**
     * The background job: claims an announcement with buyers left and works its batches, one
     * transaction each, releasing the row between them (another instance may take the next).
     * Answers the batches written.
     */
    async runDue(): Promise<number> {
      let batches = 0
      for (;;) {
        const [update] = await claims.claimDue(db, 1)
        if (!update) return batches
        try {
          if (!(await batch(update))) continue
          batches++
        } catch (err) {
          deps.log.warn({ err, updateId: update.id }, 'material update batch failed')
          await db
            .update(productUpdates)
            .set(claims.retryLater(update))
            .where(and(claims.held(update)))
          return batches
        }
      }
    },

    /** The announcements of a product, newest first (the product's admin screen). */
    async ofProduct(productId: number) {
      return db
        .select({
          id: productUpdates.id,
          note: productUpdates.note,
          status: productUpdates.status,
          notified: productUpdates.notified,
          createdAt: productUpdates.createdAt,
        })
        .from(productUpdates)
        .where(eq(productUpdates.productId, productId))
        .orderBy(sql`${productUpdates.id} DESC`)
    },
  }
}

export type ProductUpdatesService = ReturnType<typeof createProductUpdatesService>
