import { and, eq, gte } from 'drizzle-orm'
import type { GuestCredentials } from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { whatsappMatches } from '../../lib/phone.js'
import { orders } from './orders.tables.js'

// The orders behind an e-mail: what a guest proves theirs, what a proved inbox reaches, and
// whether an address ever bought (the guest code, the abandoned checkout's reminder).

export function ordersByEmail(db: Db) {
  return {
    /** The orders a guest proves are theirs: placed with this e-mail and this WhatsApp. */
    async guestOrderIds(credentials: GuestCredentials): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(eq(orders.customerEmail, credentials.email))
      return rows
        .filter((row) => whatsappMatches(credentials.whatsapp, row.whatsapp))
        .map((r) => r.id)
    },
    /** The orders placed with an e-mail, for a browser that proved it holds that inbox. */
    async orderIdsOfEmail(email: string): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerEmail, email.toLowerCase()))
      return rows.map((r) => r.id)
    },

    /** Whether an order was placed with this e-mail since `since` (an abandoned checkout's). */
    async orderedSince(email: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.customerEmail, email.toLowerCase()), gte(orders.createdAt, since)))
        .limit(1)
      return row !== undefined
    },

    /** Whether any order was placed with this e-mail. */
    async hasOrdersOf(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerEmail, email.toLowerCase()))
        .limit(1)
      return row !== undefined
    },
  }
}
