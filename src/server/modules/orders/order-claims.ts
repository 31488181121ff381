import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { EventRaiser } from '../../kernel/events.js'
import { whatsappMatches } from '../../lib/phone.js'
import { orders } from './orders.tables.js'

// Guest orders joining an account: not a change of status (no notice, no order change), so
// apart from the state machine in order-transitions.ts.

export function guestOrderClaims(db: Db, events: EventRaiser) {
  return {
    /**
     * Guest orders placed with an account's e-mail become the account's, with what they
     * granted. With the e-mail verified (the account proved its inbox, decision 026), all of
     * them; otherwise only those with the account's WhatsApp too, the proof the guest look-up
     * asks for (on login with the right password): an unverified e-mail alone proves nothing.
     */
    async claimGuestOrders(account: {
      userId: string
      email: string
      whatsapp: string
      emailVerified?: boolean
    }) {
      if (!account.emailVerified && !account.whatsapp) return 0
      const rows = await db
        .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(and(eq(orders.customerEmail, account.email.toLowerCase()), isNull(orders.userId)))
      const ids = rows
        .filter((r) => account.emailVerified || whatsappMatches(account.whatsapp, r.whatsapp))
        .map((r) => r.id)
      if (ids.length === 0) return 0
      // No notice and no state change: a plain transaction, not an order change.
      await db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ userId: account.userId })
          .where(and(inArray(orders.id, ids), isNull(orders.userId)))
        await events.within('order.claimed', tx, { orderIds: ids, userId: account.userId })
      })
      return ids.length
    },
  }
}
