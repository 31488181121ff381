import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { orderItems } from './orders.tables.js'

// An order's lines as stored, read in their order (the notices and the effects list them).

export type OrderLineRow = typeof orderItems.$inferSelect

export const linesOf = (tx: Db, orderId: string) =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
