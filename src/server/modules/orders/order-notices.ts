import type { Db } from '../../db/client.js'
import type { NewOrderLine, OrderRow } from './place-order.js'

export type NoticeLine = Pick<
  NewOrderLine,
  'productId' | 'productName' | 'unitPriceCents' | 'quantity'
>

/**
 * What paying an order handed the buyer, reported by the modules that grant it (OrderEffects),
 * for the receipt: the downloads of a product, or its Canva template link.
 */
export interface PaidGrant {
  productId: number
  downloads?: number
  /** The granted Canva link's id: the receipt opens it through the store (`canvaOpenPath`). */
  canvaLinkId?: number
}

/**
 * What paying a clube cycle's order opened, reported by the clube's effect for the receipt: the
 * plan, the period paid, how the next one is charged and what the plan opens.
 */
export interface PaidPeriod {
  planName: string
  interval: 'month' | 'year'
  start: Date
  end: Date
  /** The first paid cycle (a subscription starting) or a later one (renewed). */
  first: boolean
  method: 'pix_mensal' | 'pix_automatico'
  /** Until when she may withdraw with a refund (the first payment's 7 days); null after. */
  withdrawableUntil: Date | null
  /** She cancelled before this cycle was paid: nothing more is charged after `end`. */
  cancelled: boolean
  materials: number
  downloadsPerMaterial: number
}

/** What one module's step of a payment reports: grants for the receipt, or a clube's period. */
export type PaidReport = PaidGrant[] | { period: PaidPeriod } | void

/**
 * Writes the messages of an order event inside the transaction of that event, so a message
 * exists exactly when the change commits. Messaging implements it; orders only calls it.
 */
export interface NoticeWriter {
  orderPlaced(tx: Db, order: OrderRow, lines: NoticeLine[]): Promise<void>
  /** The PIX code of a provider that makes it remotely is now on the order. */
  chargeReady(tx: Db, order: OrderRow, lines: NoticeLine[]): Promise<void>
  orderPaid(
    tx: Db,
    order: OrderRow,
    lines: NoticeLine[],
    grants: PaidGrant[],
    period?: PaidPeriod | null,
  ): Promise<void>
  /**
   * Refunded or cancelled: `order.status` is the new status. `moneyToSend`: a refund under the
   * store's own key whose money the owner has not sent yet (the buyer is told it will come).
   */
  orderClosed(
    tx: Db,
    order: OrderRow,
    lines: NoticeLine[],
    opts?: { moneyToSend?: boolean },
  ): Promise<void>
  /** The buyer said she paid ('Já paguei'): the owner is asked to check and confirm. */
  paidClaimed(tx: Db, order: OrderRow, lines: NoticeLine[]): Promise<void>
  /** The owner sent back by hand the money of a refund under the store's own key. */
  refundSent(tx: Db, order: OrderRow, lines: NoticeLine[]): Promise<void>
  /** The owner declined the buyer's refund request (refunds module); `note` says why. */
  refundDeclined(tx: Db, order: OrderRow, lines: NoticeLine[], note: string): Promise<void>
}

export interface OrderNotices {
  /**
   * Reads what the messages need (settings) and answers a writer, or null when there is
   * nothing to write. Call it BEFORE opening the transaction: PGlite runs one query at a time, and a read
   * outside an open transaction would wait for that transaction forever.
   */
  prepare(): Promise<NoticeWriter | null>
  /** After the commit: deliver now rather than at the next tick of the worker. */
  flush(): void
}

export const NO_NOTICES: OrderNotices = { prepare: async () => null, flush: () => {} }
