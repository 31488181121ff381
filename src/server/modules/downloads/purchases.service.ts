import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { QUOTA_EXHAUSTED_MESSAGE } from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { readEach, type ReadsOnce } from '../../lib/reads-once.js'
import { AppError } from '../../errors.js'
import type { SettingsService } from '../settings/settings.service.js'
import { downloadLog, purchases } from './downloads.tables.js'
import { purchasePersonalData } from './purchase-personal-data.js'
import { lockUsable, refundHold, refusal, usable } from './refund-hold.js'

export { REFUND_HELD_MESSAGE, REVOKED_MESSAGE } from './refund-hold.js'

export type Purchase = typeof purchases.$inferSelect

/** What paying an order hands to this module: the order's buyer and its lines. */
export interface PaidOrder {
  id: string
  userId: string | null
  customerEmail: string
}
export interface PaidLine {
  id: number
  /** Null on a clube plan's line: its grants are the subscriptions module's (grantClube). */
  productId: number | null
  quantity: number
  /** A kit's contents as bought: one purchase each instead of one for the kit. */
  bundleProductIds?: number[]
}

/**
 * Purchases: what a paid order grants, each line with `max_downloads × quantity` downloads,
 * spent one at a time and never past the quota; revoked with their order's refund or
 * cancellation, in the same transaction, so downloads stop the moment the status changes.
 */
export function createPurchasesService(deps: {
  db: Db
  settings: SettingsService
  /**
   * Which of these orders are paid right now (the orders module). Revoking happens with every
   * refund, but a status changed by hand in the database must stop downloads too.
   */
  paidAmong: (orderIds: string[]) => Promise<Set<string>>
}) {
  const { db } = deps

  /** The purchases still live: not revoked nor held by a refund, and their order still paid. */
  async function live(rows: Purchase[]): Promise<Purchase[]> {
    const notRevoked = rows.filter((p) => p.revokedAt === null && p.refundHeldAt === null)
    if (notRevoked.length === 0) return []
    const paid = await deps.paidAmong([...new Set(notRevoked.map((p) => p.orderId))])
    return notRevoked.filter((p) => paid.has(p.orderId))
  }

  /** The owner's purchases of a product, oldest first. */
  const purchasesOf = (where: SQL, productId: number) =>
    db
      .select()
      .from(purchases)
      .where(and(where, eq(purchases.productId, productId)))
      .orderBy(asc(purchases.createdAt), asc(purchases.id))

  const logDownload = (tx: Db, purchaseId: number | null, productId: number, ip: string) =>
    tx.insert(downloadLog).values({ purchaseId, productId, ip })

  /**
   * One download of the purchase, or the link still valid from the last one: a single UPDATE, so
   * of simultaneous requests one spends and the others, waiting on its row lock, see its link
   * and reuse it. The quota is never passed (and the CHECK would refuse it). Null when the
   * purchase has no valid link and no download left, or was revoked.
   */
  async function spendOrReuse(tx: Db, purchaseId: number, nowSec: number, newExp: number) {
    const linkValid = sql`coalesce(${purchases.linkExp}, 0) > ${nowSec}`
    const [row] = await tx
      .update(purchases)
      .set({
        downloadCount: sql`CASE WHEN ${linkValid} THEN ${purchases.downloadCount} ELSE ${purchases.downloadCount} + 1 END`,
        linkExp: sql`CASE WHEN ${linkValid} THEN ${purchases.linkExp} ELSE ${newExp}::integer END`,
      })
      .where(
        and(
          eq(purchases.id, purchaseId),
          usable(),
          or(linkValid, lt(purchases.downloadCount, purchases.maxDownloads)),
        ),
      )
      .returning()
    return row ?? null
  }

  return {
    ...refundHold(db),

    /** Downloads ever granted (one line of download_log each), for /metrics. */
    async downloadsGranted(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(downloadLog)
      return Number(row?.n ?? 0)
    },
    /** The orders module's effects (orders.service.ts `OrderEffects`): grant and revoke. */
    orderEffects: {
      async preparePaid() {
        const perPurchase = await deps.settings.get('max_downloads')
        // The unique order_item_id makes a second grant for the same order a no-op.
        return async (tx: Db, order: PaidOrder, lines: PaidLine[]) => {
          const granted = lines.flatMap((line) =>
            (line.bundleProductIds?.length
              ? line.bundleProductIds
              : line.productId === null
                ? []
                : [line.productId]
            ).map((productId) => ({ line, productId, downloads: perPurchase * line.quantity })),
          )
          // A clube plan's line alone grants nothing here (subscriptions' grantClube does).
          if (granted.length === 0) return []
          await tx
            .insert(purchases)
            .values(
              granted.map(({ line, productId, downloads }) => ({
                orderId: order.id,
                orderItemId: line.id,
                userId: order.userId,
                customerEmail: order.customerEmail,
                productId,
                maxDownloads: downloads,
              })),
            )
            .onConflictDoNothing({ target: [purchases.orderItemId, purchases.productId] })
          return granted.map(({ productId, downloads }) => ({ productId, downloads }))
        }
      },
      async claimed(tx: Db, orderIds: string[], userId: string) {
        await tx
          .update(purchases)
          .set({ userId })
          .where(and(inArray(purchases.orderId, orderIds), isNull(purchases.userId)))
      },
      async closed(tx: Db, orderId: string) {
        await tx
          .update(purchases)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(purchases.orderId, orderId), isNull(purchases.revokedAt)))
      },
    },

    /**
     * A clube cycle's materials (subscriptions module), inside the transaction that pays its
     * order: one purchase per product under the plan's line, each with the plan's downloads
     * for the period. Stamped copies and Canva links follow from these rows like any other.
     * Calling it again grants only what is new (the catalogue grew during the period).
     */
    async grantClube(
      tx: Db,
      grant: {
        orderId: string
        orderItemId: number
        userId: string | null
        customerEmail: string
        productIds: number[]
        downloads: number
      },
    ): Promise<void> {
      if (grant.productIds.length === 0) return
      await tx
        .insert(purchases)
        .values(
          grant.productIds.map((productId) => ({
            orderId: grant.orderId,
            orderItemId: grant.orderItemId,
            userId: grant.userId,
            customerEmail: grant.customerEmail,
            productId,
            maxDownloads: grant.downloads,
          })),
        )
        .onConflictDoNothing({ target: [purchases.orderItemId, purchases.productId] })
    },

    /** A clube's period is over or paused: its cycles' materials stop (bought ones stay). */
    async revokeOrders(tx: Db, orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return
      await tx
        .update(purchases)
        .set({ revokedAt: sql`now()` })
        .where(and(inArray(purchases.orderId, orderIds), isNull(purchases.revokedAt)))
    },

    /** Export and erasure of purchases, and the download log's retention (privacy module). */
    personalData: purchasePersonalData(db),

    /**
     * An order's purchases (inside the paying transaction, for the effects that follow; `once`
     * shares one read among them).
     */
    ofOrder: (tx: Db, orderId: string, once: ReadsOnce = readEach) =>
      once(`purchases of order ${orderId}`, () =>
        tx.select().from(purchases).where(eq(purchases.orderId, orderId)),
      ),

    /** The live purchases of a product (the Canva tab grants a new link to each). */
    activeOfProduct: (tx: Db, productId: number) =>
      tx
        .select()
        .from(purchases)
        .where(and(eq(purchases.productId, productId), isNull(purchases.revokedAt))),

    async find(id: number): Promise<Purchase | null> {
      const [row] = await db.select().from(purchases).where(eq(purchases.id, id))
      return row ?? null
    },

    /** Live purchases of an account, or of orders a guest proved theirs, newest first. */
    async liveOf(owner: { userId: string } | { orderIds: string[] }): Promise<Purchase[]> {
      if ('orderIds' in owner && owner.orderIds.length === 0) return []
      const rows = await db
        .select()
        .from(purchases)
        .where(
          and(
            'userId' in owner
              ? eq(purchases.userId, owner.userId)
              : inArray(purchases.orderId, owner.orderIds),
            isNull(purchases.revokedAt),
          ),
        )
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
      return live(rows)
    },

    /** A link's purchase, checked at the moment it is followed: a refund stops it at once. */
    async assertStillActive(purchaseId: number, productId: number): Promise<boolean> {
      const [row] = await purchasesOf(eq(purchases.id, purchaseId), productId)
      if (!row) return false
      if ((await live([row])).length === 0) throw refusal([row])
      return true
    },

    logFree: (productId: number, ip: string) => logDownload(db, null, productId, ip),

    /**
     * Live purchases whose first download happened in [from, to): the review requests' due
     * list. One grouped read of the download log, bounded by the window, at most `limit` rows.
     */
    async firstDownloadedBetween(from: Date, to: Date, limit: number): Promise<Purchase[]> {
      const firsts = db
        .select({
          purchaseId: downloadLog.purchaseId,
          first: sql<Date>`min(${downloadLog.createdAt})`.as('first'),
        })
        .from(downloadLog)
        .where(sql`${downloadLog.purchaseId} IS NOT NULL`)
        .groupBy(downloadLog.purchaseId)
        .as('firsts')
      const rows = await db
        .select({ purchase: purchases })
        .from(firsts)
        .innerJoin(purchases, eq(purchases.id, firsts.purchaseId))
        .where(
          and(
            sql`${firsts.first} >= ${from.toISOString()}::timestamptz`,
            sql`${firsts.first} < ${to.toISOString()}::timestamptz`,
            isNull(purchases.revokedAt),
          ),
        )
        .orderBy(asc(purchases.id))
        .limit(limit)
      return live(rows.map((r) => r.purchase))
    },

    /**
     * Live purchases of a product after purchase id `afterId`, oldest first, at most `limit`
     * (a material update walks its buyers in batches), and the last id read (to go on from,
     * even when every row of a batch was not live).
     */
    async liveOfProductAfter(
      productId: number,
      afterId: number,
      limit: number,
    ): Promise<{ live: Purchase[]; lastId: number | null }> {
      const rows = await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.productId, productId),
            gt(purchases.id, afterId),
            isNull(purchases.revokedAt),
          ),
        )
        .orderBy(asc(purchases.id))
        .limit(limit)
      return { live: await live(rows), lastId: rows.at(-1)?.id ?? null }
    },

    /**
     * In the caller's transaction: which of `productIds` any purchase points at, revoked or
     * not, whatever granted it (an order's line, a kit, a clube cycle). Such a product cannot be
     * deleted: its buyers' history refers to it.
     */
    async productsHeld(tx: Db, productIds: number[]): Promise<number[]> {
      if (productIds.length === 0) return []
      const rows = await tx
        .selectDistinct({ productId: purchases.productId })
        .from(purchases)
        .where(inArray(purchases.productId, productIds))
      return rows.map((r) => r.productId)
    },

    /** How many buyers (distinct e-mails) hold a live purchase of the product. */
    async buyersOf(productId: number): Promise<number> {
      const rows = await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.productId, productId), isNull(purchases.revokedAt)))
      return new Set((await live(rows)).map((p) => p.customerEmail.toLowerCase())).size
    },

    /**
     * A new version of a product's files was announced: every live purchase of it gets its full
     * quota back (`max_downloads × quantity` as granted, kept in `maxDownloads`) and no link is
     * reused. Answers the purchases restored.
     */
    async restoreQuota(tx: Db, purchaseIds: number[]): Promise<number> {
      if (purchaseIds.length === 0) return 0
      const rows = await tx
        .update(purchases)
        .set({ downloadCount: 0, linkExp: null })
        .where(and(inArray(purchases.id, purchaseIds), isNull(purchases.revokedAt)))
        .returning({ id: purchases.id })
      return rows.length
    },

    /**
     * The owner's purchases of one order (an account's, or a guest's proven orders), oldest
     * first, live or not, each with whether it may be used now ('Baixar tudo').
     */
    async ofOrderFor(
      owner: { userId: string } | { orderIds: string[] },
      orderId: string,
    ): Promise<{ purchase: Purchase; live: boolean }[]> {
      if ('orderIds' in owner && !owner.orderIds.includes(orderId)) return []
      const rows = await db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.orderId, orderId),
            'userId' in owner ? eq(purchases.userId, owner.userId) : undefined,
          ),
        )
        .orderBy(asc(purchases.createdAt), asc(purchases.id))
      const liveIds = new Set((await live(rows)).map((p) => p.id))
      return rows.map((purchase) => ({ purchase, live: liveIds.has(purchase.id) }))
    },

    /**
     * One download of each of these purchases, all or none, in one transaction ('Baixar
     * tudo': one ZIP counts once per material). The rows are locked in id order, so two ZIPs at
     * once never deadlock and a refund deciding meanwhile (holdIfUntouched) sees the use or
     * refuses it. Nothing is counted when any is no longer usable or has no download left:
     * answers that purchase and why (null: all spent and logged). No link window is opened:
     * the ZIP is the download.
     */
    async spendEach(
      purchaseIds: number[],
      ip: string,
    ): Promise<{ purchase: Purchase; reason: 'refused' | 'quota' } | null> {
      const ids = [...new Set(purchaseIds)].sort((a, b) => a - b)
      if (ids.length === 0) return null
      const refused = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(purchases)
          .where(inArray(purchases.id, ids))
          .orderBy(asc(purchases.id))
          .for('update')
        for (const row of rows) {
          if (row.revokedAt !== null || row.refundHeldAt !== null) {
            return { purchase: row, reason: 'refused' as const }
          }
          if (row.downloadCount >= row.maxDownloads)
            return { purchase: row, reason: 'quota' as const }
        }
        await tx
          .update(purchases)
          .set({ downloadCount: sql`${purchases.downloadCount} + 1` })
          .where(and(inArray(purchases.id, ids), usable()))
        await tx
          .insert(downloadLog)
          .values(rows.map((row) => ({ purchaseId: row.id, productId: row.productId, ip })))
        return null
      })
      return refused
    },

    /**
     * One download from the owner's purchases of a product, logged. A purchase whose last link
     * is still valid answers that link again without spending; otherwise the oldest purchase
     * with downloads left is spent and a new link window opens. With `spend: false` (a link
     * delivery, decision 006) it is only logged. Answers the purchase used, the downloads left
     * on it and the links' expiry (unix seconds).
     */
    async take(input: {
      owner: { userId: string } | { orderIds: string[] }
      productId: number
      ip: string
      spend: boolean
      none: string
      nowMs: number
    }): Promise<{ purchaseId: number; remaining: number; linkExp: number | null }> {
      const { productId, ip, owner } = input
      const candidates =
        'userId' in owner
          ? await purchasesOf(eq(purchases.userId, owner.userId), productId)
          : await purchasesOf(inArray(purchases.orderId, owner.orderIds), productId)
      if (candidates.length === 0) throw new AppError('not_found', input.none)
      const active = await live(candidates)
      if (active.length === 0) throw refusal(candidates)
      if (!input.spend) {
        // Logged under the purchase's lock: a refund deciding meanwhile sees this use.
        const first = active[0]!
        const logged = await db.transaction(async (tx) => {
          const row = await lockUsable(tx, first.id)
          if (row) await logDownload(tx, row.id, productId, ip)
          return row
        })
        if (!logged) throw refusal(await purchasesOf(eq(purchases.id, first.id), productId))
        const remaining = logged.maxDownloads - logged.downloadCount
        return { purchaseId: logged.id, remaining, linkExp: null }
      }
      const nowSec = Math.floor(input.nowMs / 1000)
      const newExp = nowSec + (await deps.settings.get('download_link_expiry')) * 60
      const linkValid = (p: Purchase) => (p.linkExp ?? 0) > nowSec
      // A purchase with a valid link first: reusing it spends nothing.
      const order = [...active.filter(linkValid), ...active.filter((p) => !linkValid(p))]
      for (const candidate of order) {
        if (!linkValid(candidate) && candidate.downloadCount >= candidate.maxDownloads) continue
        // The count and its log line stand or fall together.
        const used = await db.transaction(async (tx) => {
          const row = await spendOrReuse(tx, candidate.id, nowSec, newExp)
          if (row) await logDownload(tx, row.id, productId, ip)
          return row
        })
        // Null: another request took the last one meanwhile; the next purchase may have some.
        if (used) {
          const remaining = used.maxDownloads - used.downloadCount
          return { purchaseId: used.id, remaining, linkExp: used.linkExp }
        }
      }
      // A refund took hold meanwhile: its reason, not the quota's.
      const latest = await purchasesOf(
        inArray(
          purchases.id,
          order.map((p) => p.id),
        ),
        productId,
      )
      if ((await live(latest)).length === 0) throw refusal(latest)
      throw new AppError('forbidden', QUOTA_EXHAUSTED_MESSAGE)
    },
  }
}

export type PurchasesService = ReturnType<typeof createPurchasesService>
