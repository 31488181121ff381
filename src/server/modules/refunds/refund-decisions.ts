import { and, eq, sql } from 'drizzle-orm'
import type { AdminRefund } from '../../../contracts/refunds.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { refundGiveBack } from './refund-give-back.js'
import { adminRefunds } from './refunds.read-model.js'
import { refunds } from './refunds.tables.js'

// The owner's side of the refunds: 'Reembolsar', the money marked as sent back by hand, a
// request declined, and the list they are decided from.

const conflict = (message: string) => new AppError('conflict', message)

export function refundDecisions(deps: {
  db: Db
  orders: Pick<OrdersService, 'find' | 'lines' | 'notifyWith'>
  purchases: Pick<PurchasesService, 'releaseHold'>
  usedWith: (orderId: string) => Promise<string[]>
  giveBack: ReturnType<typeof refundGiveBack>
  rowOf: (orderId: string) => Promise<typeof refunds.$inferSelect | null>
  now: () => number
}) {
  const { db, orders, giveBack, rowOf, now } = deps

  /** One refund as the owner's list shows it. */
  async function one(orderId: string): Promise<AdminRefund | null> {
    const [row] = await adminRefunds(db, { where: eq(refunds.orderId, orderId), limit: 1 })
    return row ?? null
  }

  return {
    /**
     * The owner's 'Reembolsar' on a paid order (also completing a buyer's request): through the
     * provider where it can; with the store's own key only once the owner confirms the money
     * went back.
     */
    async refundByAdmin(
      orderId: string,
      body: { reason: string; moneyReturned: boolean },
    ): Promise<AdminRefund> {
      const order = await orders.find(orderId)
      if (!order) throw new AppError('not_found', 'Pedido não encontrado')
      if (order.status !== 'paid') throw conflict('Só um pedido pago pode ser reembolsado.')
      const outcome = await giveBack(order, 'admin', body.moneyReturned)
      await db
        .insert(refunds)
        .values({
          orderId,
          origin: 'admin',
          status: outcome,
          reason: body.reason,
          decidedAt: new Date(now()),
        })
        .onConflictDoUpdate({
          target: refunds.orderId,
          set: {
            status: outcome,
            decidedAt: sql`now()`,
            ...(body.reason ? { decisionNote: body.reason } : {}),
          },
        })
      return (await one(orderId))!
    },

    /**
     * Static PIX: the owner sent the money back by hand ('Marcar como enviado'). The buyer,
     * told at the refund that the money would come, now hears it was sent: the e-mail is
     * written with the decision, once (of two taps at once only one finds 'return_money').
     */
    async confirmMoneyReturned(orderId: string): Promise<AdminRefund> {
      const row = await rowOf(orderId)
      if (!row) throw new AppError('not_found', 'Reembolso não encontrado')
      if (row.status !== 'return_money') throw conflict('Este reembolso não espera devolução.')
      // Read before the transaction: nothing inside may wait on another query (PGlite).
      const order = await orders.find(orderId)
      const lines = order ? await orders.lines(orderId) : []
      const sent = await orders.notifyWith(async (tx, notices) => {
        const [done] = await tx
          .update(refunds)
          .set({ status: 'refunded', decidedAt: sql`now()` })
          .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'return_money')))
          .returning()
        if (done && order) await notices?.refundSent(tx, order, lines)
        return done
      })
      if (!sent) throw conflict('Este reembolso não espera devolução.')
      return (await one(orderId))!
    },

    /**
     * The owner says no to a request under review: the order stays paid, and the buyer is told
     * why by e-mail and WhatsApp, written in the same transaction as the decision (outbox).
     */
    async decline(orderId: string, note: string): Promise<AdminRefund> {
      // Read before the transaction: nothing inside may wait on another query (PGlite).
      const order = await orders.find(orderId)
      // Refunded meanwhile (e.g. in the provider's panel): there is nothing left to decline.
      if (order && order.status !== 'paid' && (await rowOf(orderId))?.status === 'review') {
        throw conflict('Este pedido não está mais pago: não há reembolso a recusar.')
      }
      const lines = order ? await orders.lines(orderId) : []
      const row = await orders.notifyWith(async (tx, notices) => {
        const [declined] = await tx
          .update(refunds)
          .set({ status: 'declined', decisionNote: note, decidedAt: sql`now()` })
          .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'review')))
          .returning()
        if (declined && order) await notices?.refundDeclined(tx, order, lines, note)
        return declined
      })
      if (!row) {
        if (!(await rowOf(orderId))) throw new AppError('not_found', 'Reembolso não encontrado')
        throw conflict('Este pedido de reembolso já foi decidido.')
      }
      // Declined, the buyer keeps her materials: a hold an automatic refund left (a crash
      // between the hold and the provider's answer) ends here too.
      await deps.purchases.releaseHold([orderId, ...(await deps.usedWith(orderId))])
      return (await one(orderId))!
    },

    one,

    /** GET /api/admin/refunds: the newest 200, requests waiting for the owner first (one query). */
    list: (): Promise<AdminRefund[]> => adminRefunds(db, { limit: 200 }),
  }
}
