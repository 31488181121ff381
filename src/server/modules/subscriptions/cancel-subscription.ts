import { and, eq } from 'drizzle-orm'
import type { SubscriptionView } from '../../../contracts/subscriptions.js'
import type { OrderAsker } from '../orders/orders.service.js'
import type { SubscriptionContext } from './subscription-context.js'
import { conflict, dateBR, notFound, WITHDRAWAL_DAYS } from './subscription-deps.js'
import { days } from './subscription-periods.js'
import { subscriptionCycles } from './subscriptions.tables.js'

/** The subscriber's (or the owner's) cancellation, and her withdrawal with its refund. */
export function cancelling(ctx: SubscriptionContext) {
  const { deps, automatico, find, viewOf, move } = ctx
  const { db, orders } = deps

  return {
    /**
     * POST /api/subscriptions/:id/cancel: no further charge (an unpaid cycle's PIX is
     * cancelled), access until the period's end. `withdraw` within 7 days of the first
     * payment also asks the refund of that payment through the refund rules of any order.
     */
    async cancel(
      id: string,
      asker: OrderAsker,
      opts: { withdraw?: boolean; byAdmin?: boolean } = {},
    ): Promise<{ subscription: SubscriptionView; refund: 'refunded' | 'pending' | null }> {
      const sub = await find(id).catch(() => null)
      const owns =
        sub &&
        (opts.byAdmin ||
          (sub.userId !== null && sub.userId === asker.userId) ||
          (asker.guestEmail != null && asker.guestEmail.toLowerCase() === sub.email))
      if (!sub || !owns) throw notFound()
      if (sub.status === 'encerrada') throw conflict('Esta assinatura já terminou.')
      const until = sub.firstPaidAt ? sub.firstPaidAt.getTime() + days(WITHDRAWAL_DAYS) : 0
      if (opts.withdraw && until < deps.now().getTime()) {
        throw conflict(
          `O prazo de ${WITHDRAWAL_DAYS} dias para desistir com reembolso terminou. Você ainda pode cancelar: o acesso vai até o fim do período pago.`,
        )
      }
      const open = await db
        .select({ orderId: subscriptionCycles.orderId })
        .from(subscriptionCycles)
        .where(
          and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.status, 'charged')),
        )
      // Nothing paid and nothing open: ended now; otherwise access lasts to the period's end.
      const ends = sub.status === 'pendente' || sub.status === 'pausada'
      const content = {
        subject: 'Sua assinatura do clube foi cancelada',
        paragraphs: [
          ends || !sub.currentPeriodEnd
            ? 'Sua assinatura foi cancelada e nada mais será cobrado.'
            : `Sua assinatura foi cancelada e nada mais será cobrado. Os materiais do clube continuam liberados até ${dateBR.format(sub.currentPeriodEnd)}.`,
        ],
      }
      if (sub.status !== 'cancelada') {
        const mail = await deps.mail.compose(content)
        await move(
          sub,
          ['pendente', 'ativa', 'em_atraso', 'pausada'],
          ends ? 'encerrada' : 'cancelada',
          async (tx) => {
            await deps.mail.enqueue(tx, {
              ...mail,
              dedupeKey: `subscription:${sub.id}:cancelled`,
              to: sub.email,
            })
          },
          { cancelledAt: deps.now(), ...(ends ? { endedAt: deps.now() } : {}) },
        )
        deps.mail.wake()
      }
      for (const { orderId } of open) {
        if (orderId) await orders.close(orderId, 'pending', 'cancelled', 'admin')
      }
      // No further debit: the authorisation is revoked at the provider (retried if it fails).
      if (sub.providerSubscriptionId) await automatico.revoke(sub)
      let refund: 'refunded' | 'pending' | null = null
      if (opts.withdraw) {
        const [first] = await db
          .select({ orderId: subscriptionCycles.orderId })
          .from(subscriptionCycles)
          .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycle, 1)))
        const answer = await deps.refunds.request(
          first!.orderId!,
          { ...asker, role: opts.byAdmin ? 'superadmin' : asker.role, guestEmail: sub.email },
          'Desistência do clube (CDC art. 49)',
        )
        refund = answer.status === 'refunded' ? 'refunded' : 'pending'
      }
      return { subscription: await viewOf(await find(id)), refund }
    },
  }
}
