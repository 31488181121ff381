import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { AdminSubscription } from '../../../contracts/subscriptions.js'
import { FREE_PROVIDER, newOrderId } from '../orders/orders.service.js'
import type { PlanRow } from './plans.service.js'
import type { SubscriptionContext } from './subscription-context.js'
import { brl, conflict, dateBR, PRICE_NOTICE_DAYS } from './subscription-deps.js'
import { addInterval, days } from './subscription-periods.js'
import type { SubscriptionReads } from './subscriptions-reads.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/** What the owner does to subscriptions: a plan's new price told to them, a period given free. */
export function ownerActions(
  ctx: SubscriptionContext,
  reads: Pick<SubscriptionReads, 'adminList'>,
) {
  const { deps, find, lastCycle, lineOf } = ctx
  const { db, plans, orders } = deps

  return {
    /**
     * A plan's new price: each live subscriber is told now by e-mail, and it is charged from
     * the first cycle whose PIX goes out at least PRICE_NOTICE_DAYS later (CDC: no surprise).
     */
    async priceChanged(plan: PlanRow): Promise<number> {
      const values = await deps.settings.all()
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.planId, plan.id),
            inArray(subscriptions.status, ['ativa', 'em_atraso', 'pausada']),
            isNull(subscriptions.cancelledAt),
          ),
        )
      const now = deps.now().getTime()
      let told = 0
      for (const sub of rows) {
        const last = await lastCycle(sub.id)
        const lastCycleNo = last?.cycle ?? 1
        const nextChargeAt =
          (sub.currentPeriodEnd?.getTime() ?? now) - days(values.renewal_days_before)
        const notYetCharged = last?.status === 'paid' || last?.status === 'free'
        const fromCycle =
          notYetCharged && nextChargeAt - now >= days(PRICE_NOTICE_DAYS)
            ? lastCycleNo + 1
            : lastCycleNo + 2
        const startsAt = sub.currentPeriodEnd
          ? addInterval(sub.currentPeriodEnd, plan.interval, fromCycle - lastCycleNo - 1)
          : null
        const content = {
          subject: `O valor do clube ${plan.name} vai mudar`,
          paragraphs: [
            `A partir do período que começa em ${startsAt ? dateBR.format(startsAt) : 'seu próximo ciclo'}, a assinatura do clube ${plan.name} passa de ${brl(sub.priceCents)} para ${brl(plan.priceCents)}.`,
            'Até lá nada muda. Se não quiser continuar, você pode cancelar a qualquer momento na sua conta, sem custo.',
          ],
          button: { label: 'Ver minha assinatura', path: '/dashboard' },
        }
        const mail = await deps.mail.compose(content)
        await db.transaction(async (tx) => {
          await tx
            .update(subscriptions)
            .set({
              nextPriceCents: plan.priceCents === sub.priceCents ? null : plan.priceCents,
              nextPriceFromCycle: plan.priceCents === sub.priceCents ? null : fromCycle,
            })
            .where(eq(subscriptions.id, sub.id))
          await deps.mail.enqueue(tx, {
            ...mail,
            dedupeKey: `subscription:${sub.id}:price:${plan.priceCents}:${fromCycle}`,
            to: sub.email,
          })
        })
        told++
      }
      if (told > 0) deps.mail.wake()
      return told
    },

    /**
     * The owner gives one period free: a cycle whose order charges nothing, paid at once through
     * the order pipeline, so it does what paying any cycle does (clube-grants.ts): the period
     * ends one interval later, and the materials are granted afresh with the plan's downloads
     * for the new period (the previous cycle's grants end). The cycle stays 'free' in the list.
     */
    async freePeriod(id: string): Promise<AdminSubscription> {
      const sub = await find(id)
      const plan = await plans.find(sub.planId).catch(() => null)
      if (!plan || sub.status !== 'ativa' || !sub.currentPeriodEnd) {
        throw conflict('Só uma assinatura ativa pode ganhar um período grátis.')
      }
      const last = await lastCycle(id)
      if (last && last.status === 'charged') {
        throw conflict('O PIX do próximo período já foi enviado: espere o pagamento ou cancele-o.')
      }
      const orderId = newOrderId()
      const termsVersionId = await ctx.termsOf(id)
      await orders.placeWith(async (tx, place) => {
        await place(
          {
            id: orderId,
            userId: sub.userId,
            sessionId: null,
            customerName: sub.customerName,
            customerEmail: sub.email,
            customerWhatsapp: sub.customerWhatsapp,
            customerAddress: null,
            totalCents: 0,
            discountCents: 0,
            couponCode: null,
            paymentMethod: 'pix',
            paymentProvider: FREE_PROVIDER,
            subscriptionId: id,
            termsVersionId,
          },
          [lineOf(plan, 0)],
        )
        // The cycle's number is taken once: a renewal or another click that took it first wins,
        // and this order is not stored.
        const [cycle] = await tx
          .insert(subscriptionCycles)
          .values({
            subscriptionId: id,
            cycle: (last?.cycle ?? 0) + 1,
            amountCents: 0,
            status: 'free',
            orderId,
          })
          .onConflictDoNothing()
          .returning()
        if (!cycle) throw conflict('Esta assinatura mudou agora: confira a lista e tente de novo.')
      })
      await orders.markOrderPaid(orderId, 'free')
      return (await reads.adminList()).find((s) => s.id === id)!
    },
  }
}
