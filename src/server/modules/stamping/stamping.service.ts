import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { StampFallbackCount, StampFallbackReason } from '../../../contracts/stamping.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { FileStorage } from '../../files/storage.js'
import type { ReadsOnce } from '../../lib/reads-once.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { OrderLineRow, OrderRow, OrdersService } from '../orders/orders.service.js'
import type { DeliveryFile, ProductsService } from '../products/products.service.js'
import {
  claimDue,
  claimOne,
  copiesToCheck,
  findById,
  forgetCopy,
  holdClaimWhile,
  findCopy,
  markAttemptFailed,
  markFallback,
  markGone,
  markReady,
  type CopyRow,
} from './stamp-rows.js'
import { createGate, runStamp } from './stamp-runner.js'
import { stampedCopies } from './stamping.tables.js'

/** A download waits this long for its stamped copy, then gets the original. */
export const ON_DEMAND_LIMIT_MS = 10_000
/** The background job gives a stamp this long before counting the attempt as failed. */
export const BACKGROUND_LIMIT_MS = 60_000
const POLL_MS = 150
/** Stamped copies stay this long after their purchase's last download window. */
export const KEEP_AFTER_WINDOW_MS = 2 * 24 * 60 * 60 * 1000

export const isPdf = (file: Pick<DeliveryFile, 'mimeType'>) => file.mimeType === 'application/pdf'

/** What a stamping attempt came to. */
type Attempt =
  | { kind: 'ready'; row: CopyRow }
  | { kind: 'fallback'; reason: StampFallbackReason }
  | { kind: 'retry'; reason: 'timeout' | 'failed' }

/**
 * Stamped copies (decision 014): each PDF of a paid purchase of a product with
 * `stampPdf` gets a copy carrying the buyer's name, e-mail and order, made in the background
 * (stamping-job.ts) or, when a download comes first, on demand within a time limit. Whatever
 * happens, delivery goes on: a file that cannot be stamped in time is delivered as it is, the
 * fallback pinned to that purchase (the same bytes on every request) and counted for the admin.
 */
export function createStampingService(deps: {
  db: Db
  storage: FileStorage
  config: Pick<Config, 'stampMaxBytes' | 'stampMaxMemoryMb' | 'tmpDir'>
  log: FastifyBaseLogger
  products: Pick<ProductsService, 'delivery' | 'deliveries' | 'filesOf'>
  purchases: Pick<PurchasesService, 'ofOrder' | 'find'>
  orders: Pick<OrdersService, 'find'>
  /** Download windows are measured on it (the cleanup); tests move it. */
  now?: () => number
}) {
  const { db, storage, config, log } = deps
  const now = deps.now ?? (() => Date.now())
  // One background stamp at a time (2 cores: the other serves requests); downloads get two more.
  const background = createGate(1)
  const onDemand = createGate(2)

  function stampedFile(original: DeliveryFile, row: CopyRow): DeliveryFile {
    return {
      ...original,
      storageKey: row.copyKey!,
      sha256: row.copySha256!,
      sizeBytes: row.copySize!,
    }
  }

  /** Stores the stamped bytes as the storage layer stores uploads: whole, or not at all. */
  async function storeCopy(row: CopyRow, bytes: Uint8Array, sha256: string) {
    await mkdir(config.tmpDir, { recursive: true })
    // In DATA_DIR/tmp (emptied at every start): a process killed mid-write leaves nothing else.
    const temp = path.join(config.tmpDir, `stamp-${randomUUID()}.part`)
    const key = `stamped/${row.purchaseId}/${row.id}-${randomUUID()}.pdf`
    try {
      await writeFile(temp, bytes, { flush: true })
      await storage.adopt(key, temp)
    } finally {
      await rm(temp, { force: true })
    }
    return { key, sha256, size: bytes.length }
  }

  /** One attempt at a claimed row; its outcome is written, or discarded if the claim was lost. */
  async function attempt(row: CopyRow, limitMs: number): Promise<Attempt> {
    return holdClaimWhile(
      db,
      row,
      () => attemptHeld(row, limitMs),
      (err) => log.warn({ err }, 'stamp claim not renewed'),
    )
  }

  async function attemptHeld(row: CopyRow, limitMs: number): Promise<Attempt> {
    const fallback = async (reason: StampFallbackReason, detail: string | null) => {
      if (await markFallback(db, row, reason, detail, true)) {
        log.warn({ copyId: row.id, purchaseId: row.purchaseId, reason, detail }, 'PDF sem carimbo')
      }
      return { kind: 'fallback', reason } as const
    }
    try {
      const size = await storage.size(row.sourceKey)
      if (size === null) throw new Error(`original missing: ${row.sourceKey}`)
      if (size > config.stampMaxBytes) return await fallback('too_large', `${size} bytes`)
      const order = await deps.orders.find(row.orderId)
      if (!order) throw new Error(`order missing: ${row.orderId}`)
      log.info({ copyId: row.id, purchaseId: row.purchaseId }, 'stamp started')
      const original = await buffer(storage.read(row.sourceKey))
      const text = { name: order.customerName, email: order.customerEmail, orderId: order.id }
      const outcome = await runStamp(original, text, {
        timeoutMs: limitMs,
        memoryMb: config.stampMaxMemoryMb,
      })
      if (outcome.kind === 'refused') return await fallback(outcome.reason, null)
      // Past the memory cap: the same file would blow it again, so the original, from now on.
      if (outcome.kind === 'too_heavy') return await fallback('too_heavy', outcome.detail)
      if (outcome.kind === 'timeout') {
        await markAttemptFailed(db, row, `tempo esgotado (${limitMs} ms)`)
        return { kind: 'retry', reason: 'timeout' }
      }
      if (outcome.kind === 'error') throw new Error(outcome.message)
      const copy = await storeCopy(row, new Uint8Array(outcome.bytes), outcome.sha256)
      if (!(await markReady(db, row, copy))) {
        // Someone pinned the original meanwhile (a download that could wait no longer).
        await storage.remove(copy.key)
        return { kind: 'retry', reason: 'timeout' }
      }
      log.info({ copyId: row.id, purchaseId: row.purchaseId, bytes: copy.size }, 'stamp ready')
      return { kind: 'ready', row: (await findById(db, row.id))! }
    } catch (error) {
      log.error({ err: error, copyId: row.id }, 'stamp failed')
      await markAttemptFailed(db, row, (error as Error).message)
      return { kind: 'retry', reason: 'failed' }
    }
  }

  /** The row of this purchase and file, made now if paying did not (file added later). */
  async function rowFor(purchaseId: number, productId: number, file: DeliveryFile) {
    const existing = await findCopy(db, purchaseId, file.storageKey)
    if (existing) return existing
    const [product, purchase] = await Promise.all([
      deps.products.delivery(productId),
      deps.purchases.find(purchaseId),
    ])
    if (!product?.stampPdf || product.isFree || !purchase) return null
    await db
      .insert(stampedCopies)
      .values({ purchaseId, productId, orderId: purchase.orderId, sourceKey: file.storageKey })
      .onConflictDoNothing()
    return findCopy(db, purchaseId, file.storageKey)
  }

  /**
   * The file a purchase's download link streams: its stamped copy (made now if need be, within
   * ON_DEMAND_LIMIT_MS), or the original when the product is not stamped, the file is not a
   * PDF, or stamping could not be done. Never throws for a stamping reason.
   */
  async function deliver(input: {
    purchaseId: number
    productId: number
    file: DeliveryFile
    limitMs?: number
  }): Promise<DeliveryFile> {
    const { file } = input
    if (!isPdf(file)) return file
    let row = await rowFor(input.purchaseId, input.productId, file)
    const deadline = now() + (input.limitMs ?? ON_DEMAND_LIMIT_MS)
    /** The buyer gets the original now, so from now on always: every request matches. */
    const pin = async (id: number, reason: 'timeout' | 'failed') => {
      const current = await findById(db, id)
      if (current && (await markFallback(db, current, reason, null, false))) {
        log.warn({ copyId: id, purchaseId: input.purchaseId, reason }, 'PDF sem carimbo')
      }
    }
    while (row) {
      if (row.status === 'fallback' || row.status === 'revoked') return file
      if (row.status === 'ready') {
        if ((await storage.size(row.copyKey!)) !== null) return stampedFile(file, row)
        await markGone(db, row)
      } else if (now() >= deadline) {
        await pin(row.id, 'timeout')
      } else {
        const claimed = await claimOne(db, row.id)
        if (claimed) {
          const left = Math.max(1, deadline - now())
          const result = await onDemand(() => attempt(claimed, left), left)
          if (result?.kind === 'ready') return stampedFile(file, result.row)
          if (result?.kind === 'fallback') return file
          if (!result) await markAttemptFailed(db, claimed, 'sem vaga para carimbar')
          await pin(row.id, result?.reason ?? 'timeout')
        } else {
          // Another run holds it (the background job, another instance): wait for its copy.
          await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        }
      }
      row = await findById(db, row.id)
    }
    return file
  }

  /**
   * A row per PDF file of each stamped product's purchase, made by the background job: at a
   * sale, and when a product's files were replaced and its buyers told (the old copies stay
   * until their cleanup). Rows already there (same purchase and file) are left alone.
   */
  async function queueCopies(
    tx: Db,
    bought: Array<{ id: number; orderId: string; productId: number }>,
    once?: ReadsOnce,
  ): Promise<void> {
    if (bought.length === 0) return
    const stamped = (
      await deps.products.deliveries([...new Set(bought.map((p) => p.productId))], tx, once)
    )
      .filter((p) => p.stampPdf && !p.isFree)
      .map((p) => p.id)
    const files = await deps.products.filesOf(stamped, tx)
    const rows = bought.flatMap((purchase) =>
      files
        .filter((f) => f.productId === purchase.productId)
        .map((f) => ({
          purchaseId: purchase.id,
          orderId: purchase.orderId,
          productId: f.productId,
          sourceKey: f.storageKey,
        })),
    )
    if (rows.length) await tx.insert(stampedCopies).values(rows).onConflictDoNothing()
  }

  return {
    deliver,

    /** Paying grants a row per PDF file of each stamped product's purchase, in the same transaction. */
    orderEffects: {
      async preparePaid() {
        return async (tx: Db, order: OrderRow, lines: OrderLineRow[], once: ReadsOnce) => {
          if (lines.length === 0) return
          await queueCopies(tx, await deps.purchases.ofOrder(tx, order.id, once), once)
        }
      },
      async closed(tx: Db, orderId: string) {
        // Downloads stop with the purchase; the copies leave storage at the next cleanup.
        await tx
          .update(stampedCopies)
          .set({ status: 'revoked', claimId: null, lockedUntil: null })
          .where(eq(stampedCopies.orderId, orderId))
      },
    },

    queueCopies,

    /** One background pass: claims due rows one by one and stamps them. Answers how many. */
    async stampDue(): Promise<number> {
      let done = 0
      for (;;) {
        const [row] = await claimDue(db, 1)
        if (!row) return done
        await background(() => attempt(row, BACKGROUND_LIMIT_MS), BACKGROUND_LIMIT_MS)
        done += 1
      }
    },

    /** Copies delivered without a stamp, by product and reason (the admin's product screens). */
    async fallbacks(): Promise<StampFallbackCount[]> {
      const rows = await db
        .select({
          productId: stampedCopies.productId,
          reason: stampedCopies.fallbackReason,
          count: count(),
        })
        .from(stampedCopies)
        .where(eq(stampedCopies.status, 'fallback'))
        .groupBy(stampedCopies.productId, stampedCopies.fallbackReason)
        .orderBy(stampedCopies.productId, stampedCopies.fallbackReason)
      return rows.map((r) => ({ ...r, reason: r.reason as StampFallbackReason }))
    },

    /**
     * Removes the copies no link can reach any more: those of refunded orders at once, the
     * others `KEEP_AFTER_WINDOW_MS` after their purchase's last download window (or after they
     * were made, if never downloaded). A later download makes the copy again. Answers how many.
     */
    async cleanup(): Promise<number> {
      let removed = 0
      for (const row of await copiesToCheck(db, new Date(now() - KEEP_AFTER_WINDOW_MS))) {
        if (row.status === 'ready') {
          const purchase = await deps.purchases.find(row.purchaseId)
          const windowEnd = (purchase?.linkExp ?? 0) * 1000
          if (purchase && !purchase.revokedAt && windowEnd + KEEP_AFTER_WINDOW_MS > now()) continue
        }
        // The row first: from then on no download points at the file.
        await forgetCopy(db, row)
        await storage.remove(row.copyKey!)
        removed += 1
      }
      if (removed) log.info({ removed }, 'stamped copies removed')
      return removed
    },

    /** The row of a purchase's file (tests and the admin's look at one delivery). */
    copyOf: (purchaseId: number, sourceKey: string) => findCopy(db, purchaseId, sourceKey),

    /**
     * The stored copies of `orderIds`, read in the transaction that deletes those orders (their
     * rows go with them): the caller removes the files once it commits.
     */
    async copyKeysOf(tx: Db, orderIds: string[]): Promise<string[]> {
      if (!orderIds.length) return []
      const rows = await tx
        .select({ key: stampedCopies.copyKey })
        .from(stampedCopies)
        .where(and(inArray(stampedCopies.orderId, orderIds), isNotNull(stampedCopies.copyKey)))
      return rows.map((r) => r.key!).filter(Boolean)
    },

    /** How many rows wait for the background job (the benchmark waits for zero). */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(stampedCopies)
        .where(
          and(
            inArray(stampedCopies.status, ['pending', 'stamping']),
            sql`${stampedCopies.nextAttemptAt} <> 'infinity'::timestamptz`,
          ),
        )
      return row?.n ?? 0
    },
  }
}

export type StampingService = ReturnType<typeof createStampingService>
