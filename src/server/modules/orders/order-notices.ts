import type { Db } from '../../db/client.js'
import type { NewOrderLine, OrderRow } from './place-order.js'

export type NoticeLine = Pick<NewOrderLine, 'productName' | 'unitPriceCents' | 'quantity'>

/**
 * Writes the messages of an order event inside the transaction of that event, so a message
 * exists exactly when the change commits. Messaging implements it; orders only calls it.
 */
export interface NoticeWriter {
  orderPlaced(tx: Db, order: OrderRow, lines: NoticeLine[]): Promise<void>
  orderPaid(tx: Db, order: OrderRow, lines: NoticeLine[]): Promise<void>
}

export interface OrderNotices {
  /**
   * Reads what the messages need (settings) and answers a writer, or null when messaging is
   * off. Call it BEFORE opening the transaction: PGlite runs one query at a time, and a read
   * outside an open transaction would wait for that transaction forever.
   */
  prepare(): Promise<NoticeWriter | null>
  /** After the commit: deliver now rather than at the next tick of the worker. */
  flush(): void
}

export const NO_NOTICES: OrderNotices = { prepare: async () => null, flush: () => {} }
