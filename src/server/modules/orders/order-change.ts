import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import { createDetached } from '../../lib/detached.js'
import type { EventRaiser } from '../../kernel/events.js'
import { NO_NOTICES, type NoticeWriter, type OrderNotices } from './order-notices.js'
import type { OrderRow } from './place-order.js'
import { closedEvent } from './order-closed-event.js'

/**
 * What one order change tells the unit of work inside its transaction, to act on once it
 * commits: an order was paid or closed (its listeners run), and the notices written (flushed).
 */
export interface OrderChangeScope {
  tx: Db
  /**
   * The writer of the order's e-mails and WhatsApp notices, inside this transaction (outbox);
   * null when nothing is to be written (no channel set up).
   */
  notices: NoticeWriter | null
  paid(order: OrderRow): void
  closed(order: OrderRow): void
}

/**
 * What a committed change did to sales. `onlyPayments`: orders were paid and none closed (a
 * refund also hides its buyer's review, which the catalogue's stars must show at once).
 */
export interface SalesChange {
  onlyPayments: boolean
}

/** Who marked an order paid; logged, so a surprise payment can be traced. */
export type PaidSource = 'webhook' | 'recheck' | 'demo' | 'admin' | 'free'

/**
 * The one unit of work of every order change: notices prepared (they read settings BEFORE the
 * transaction: PGlite runs one query at a time) → the transaction → notices flushed → the
 * committed handlers of its events. No other module prepares or flushes notices (lint:
 * eslint/order-notices.js).
 */
export function createOrderChange(
  db: Db,
  deps: { log: FastifyBaseLogger; notices?: OrderNotices; events: EventRaiser },
) {
  const notices = deps.notices ?? NO_NOTICES
  const { events } = deps
  const afterClose = createDetached(deps.log, 'after-close steps')

  /**
   * After a close commits, the committed handlers of `order.refunded`/`order.cancelled`, which
   * reach outside the database (the payments module voids the provider's charge, an HTTP call
   * of up to 10 s). They run after the answer, not in it: a buyer's status poll at expiry, an
   * admin's refund or the sweep does not wait on the provider. A failure is logged; the order
   * stays closed, and the pending re-check retries the void while a late payment could still
   * come. One batch's orders go one after another, so a sweep does not fire a burst of calls.
   */
  function afterClosed(rows: OrderRow[]): void {
    afterClose.run(async () => {
      for (const order of rows) await events.committed(closedEvent(order), { order })
    })
  }

  /** The writer, noting whether anything was written: only then is the outbox woken. */
  function tracked(writer: NoticeWriter, wrote: () => void): NoticeWriter {
    const noting =
      <A extends unknown[]>(write: (...args: A) => Promise<void>) =>
      async (...args: A) => {
        await write(...args)
        wrote()
      }
    return {
      orderPlaced: noting(writer.orderPlaced.bind(writer)),
      chargeReady: noting(writer.chargeReady.bind(writer)),
      orderPaid: noting(writer.orderPaid.bind(writer)),
      orderClosed: noting(writer.orderClosed.bind(writer)),
      refundDeclined: noting(writer.refundDeclined.bind(writer)),
      paidClaimed: noting(writer.paidClaimed.bind(writer)),
      refundSent: noting(writer.refundSent.bind(writer)),
    }
  }

  /**
   * Runs `work` as one order change. `bare`: the work is a single statement, its notices'
   * rows included (deferInserts), atomic by itself, so no transaction is opened (placing an
   * order, most of a checkout).
   */
  async function withOrderChange<T>(
    work: (scope: OrderChangeScope) => Promise<T>,
    opts: { bare?: boolean } = {},
  ): Promise<T> {
    const writer = await notices.prepare()
    let wrote = false
    const paid: OrderRow[] = []
    const closed: OrderRow[] = []
    const run = (tx: Db) =>
      work({
        tx,
        notices: writer && tracked(writer, () => (wrote = true)),
        paid: (order) => paid.push(order),
        closed: (order) => closed.push(order),
      })
    const result = opts.bare ? await run(db) : await db.transaction(run)
    if (wrote) notices.flush()
    if (paid.length > 0 || closed.length > 0) {
      void events.committed('sales.changed', { onlyPayments: closed.length === 0 })
    }
    if (closed.length > 0) afterClosed(closed)
    return result
  }

  return {
    withOrderChange,
    /** Waits for the close listeners under way (closing the app lets them finish). */
    drain: () => afterClose.drain(),
  }
}

export type OrderChange = ReturnType<typeof createOrderChange>
