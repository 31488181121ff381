import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import { storeNameOf } from '../../../contracts/store-name.js'
import type { SettingValues } from '../../../contracts/settings.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { SubscriptionRow } from './clube-grants.js'
import type { PlanRow } from './plans.service.js'
import type { SubscriptionContext } from './subscription-context.js'
import { BATCH, brl, dateBR, DEBIT_DAYS_BEFORE } from './subscription-deps.js'
import { days } from './subscription-periods.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/**
 * The renewals: each cycle's PIX `renewal_days_before` days before the period ends (or its PIX
 * Automático debit, scheduled `DEBIT_DAYS_BEFORE` ahead), once per cycle across instances (a
 * `subscription_cycles` row claimed with the claims helper, decision 025), and a refused debit
 * sent again as a PIX.
 */
export function renewals(ctx: SubscriptionContext) {
  const { deps, automatico, find, move, lastCycle, amountFor, lineOf } = ctx
  const { placeCycleOrder, renewalWhatsapp, termsOf } = ctx
  const { db, plans, orders, log } = deps
  const claims = rowClaims({
    table: subscriptionCycles,
    leaseSeconds: 120,
    backoffSeconds: exponentialBackoff(60, 3600),
    eligible: eq(subscriptionCycles.status, 'pending'),
    // A cycle's order may have been placed before the holder died: never placed twice.
    expired: 'settle',
    clock: deps.now,
  })

  /** The next cycle's PIX for one subscription, at most once however many run this. */
  async function renewOne(sub: SubscriptionRow, plan: PlanRow, graceDays: number) {
    const last = await lastCycle(sub.id)
    // The last cycle charged and not paid yet (its PIX is out): nothing more to charge now. A
    // cycle left 'pending' (its charge failed) is claimed again once its back-off has passed.
    if (!last || last.status === 'charged') return false
    const cycle = last.status === 'pending' ? last.cycle : last.cycle + 1
    const cents = amountFor(sub, cycle)
    if (last.status !== 'pending') {
      await db
        .insert(subscriptionCycles)
        .values({ subscriptionId: sub.id, cycle, amountCents: cents, nextAttemptAt: deps.now() })
        .onConflictDoNothing()
    }
    const key = and(
      eq(subscriptionCycles.subscriptionId, sub.id),
      eq(subscriptionCycles.cycle, cycle),
    )!
    const row = await claims.claimOne(db, key)
    if (!row) return false
    try {
      const expiresAt = new Date(sub.currentPeriodEnd!.getTime() + days(graceDays))
      // PIX Automático: the debit is scheduled at the provider for the period's last day.
      const debit = await automatico.debitFor(sub)
      const termsVersionId = await termsOf(sub.id)
      const { placed } = await claims.holdWhile(
        db,
        row,
        () =>
          placeCycleOrder({
            sub,
            plan,
            cents,
            expiresAt,
            sessionId: null,
            taxId: sub.taxId ?? undefined,
            termsVersionId,
            ...(debit
              ? {
                  provider: debit.provider,
                  charge: automatico.debitCharge(debit.automatic, sub, sub.currentPeriodEnd!),
                }
              : {}),
          }),
        (err) => log.warn({ err, subscriptionId: sub.id }, 'renewal lease not extended'),
      )
      await db
        .update(subscriptionCycles)
        .set({ status: 'charged', orderId: placed.id, ...claims.released() })
        .where(claims.held(row))
      if (cents !== sub.priceCents) {
        await db
          .update(subscriptions)
          .set({ priceCents: cents, nextPriceCents: null, nextPriceFromCycle: null })
          .where(eq(subscriptions.id, sub.id))
      }
      if (debit)
        await tellDebit(sub, cycle, cents).catch((err: unknown) =>
          log.warn({ err }, 'debit notice not written'),
        )
      else await renewalWhatsapp(placed, lineOf(plan, cents))
      log.info({ subscriptionId: sub.id, cycle, orderId: placed.id }, 'subscription cycle charged')
      return true
    } catch (err) {
      log.error({ err, subscriptionId: sub.id, cycle }, 'subscription renewal failed')
      await db.update(subscriptionCycles).set(claims.retryLater(row)).where(claims.held(row))
      return false
    }
  }

  /** The subscriber is told when the PIX Automático will debit her, and how much (CDC). */
  async function tellDebit(sub: SubscriptionRow, cycle: number, cents: number) {
    const mail = await deps.mail.compose({
      subject: 'Seu clube será renovado pelo PIX Automático',
      paragraphs: [
        `No dia ${dateBR.format(sub.currentPeriodEnd!)}, o PIX Automático que você autorizou vai debitar ${brl(cents)} pelo novo período da sua assinatura.`,
        'Não precisa fazer nada. Se quiser cancelar, é só entrar na sua conta antes dessa data.',
      ],
      button: { label: 'Ver minha assinatura', path: '/dashboard' },
    })
    // And by WhatsApp when the store has one connected.
    const to = (await deps.whatsapp.configured())
      ? deps.whatsapp.address(sub.customerWhatsapp)
      : null
    const firstName = sub.customerName.split(' ')[0] || 'cliente'
    const storeName = storeNameOf(await deps.settings.all())
    await db.transaction(async (tx) => {
      await deps.mail.enqueue(tx, {
        ...mail,
        dedupeKey: `subscription:${sub.id}:debit:${cycle}`,
        to: sub.email,
      })
      if (!to) return
      await deps.whatsapp.enqueue(tx, {
        dedupeKey: `subscription:${sub.id}:debit:${cycle}:whatsapp`,
        to,
        body: [
          `Olá, ${firstName}! No dia ${dateBR.format(sub.currentPeriodEnd!)}, o PIX Automático que você autorizou vai debitar ${brl(cents)} pela renovação do seu clube.`,
          'Não precisa fazer nada. Se quiser cancelar, é só entrar na sua conta antes dessa data.',
          '',
          `— ${storeName}`,
        ].join('\n'),
      })
    })
  }

  return {
    /** The renewal job's first step: the next cycles' PIX (or debits) now due. */
    async chargeDue(
      now: Date,
      values: Pick<SettingValues, 'renewal_days_before' | 'grace_days'>,
      allPlans: PlanRow[],
    ): Promise<number> {
      const before = values.renewal_days_before
      const grace = values.grace_days
      const planOf = (s: SubscriptionRow) => allPlans.find((p) => p.id === s.planId)
      let charged = 0
      const due = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'ativa'),
            isNull(subscriptions.cancelledAt),
            lte(
              subscriptions.currentPeriodEnd,
              new Date(now.getTime() + days(Math.max(before, DEBIT_DAYS_BEFORE))),
            ),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(BATCH)
      const monthlyFrom = now.getTime() + days(before)
      for (const sub of due) {
        if (sub.method !== 'pix_automatico' && sub.currentPeriodEnd!.getTime() > monthlyFrom) {
          continue
        }
        const plan = planOf(sub)
        if (plan && (await renewOne(sub, plan, grace))) charged++
      }
      return charged
    },

    /**
     * A PIX Automático debit the payer's bank refused (the payment pipeline, after the
     * provider confirmed it is unpaid): the debit's order is cancelled, the cycle gets a PIX
     * order sent by e-mail like any monthly renewal, and the subscription is 'em atraso' until
     * it is paid. Once: only the call that cancels the refused order goes on.
     */
    async debitRefused(order: {
      id: string
      subscriptionId: string | null
      pixExpiresAt: Date | null
    }) {
      if (!order.subscriptionId) return
      const [cycle] = await db
        .select()
        .from(subscriptionCycles)
        .where(eq(subscriptionCycles.orderId, order.id))
      const sub = await find(order.subscriptionId).catch(() => null)
      const plan = sub && (await plans.find(sub.planId).catch(() => null))
      if (!cycle || !sub || !plan) return
      if (!(await orders.close(order.id, 'pending', 'cancelled', 'provider'))) return
      const grace = await deps.settings.get('grace_days')
      const periodEnd = sub.currentPeriodEnd ?? deps.now()
      const expiresAt = new Date(Math.max(periodEnd.getTime(), deps.now().getTime()) + days(grace))
      const { placed } = await placeCycleOrder({
        sub,
        plan,
        cents: cycle.amountCents,
        expiresAt,
        sessionId: null,
        taxId: sub.taxId ?? undefined,
        termsVersionId: await termsOf(sub.id),
      })
      await db
        .update(subscriptionCycles)
        .set({ orderId: placed.id })
        .where(eq(subscriptionCycles.id, cycle.id))
      await renewalWhatsapp(placed, lineOf(plan, cycle.amountCents))
      const mail = await deps.mail.compose({
        subject: 'O PIX Automático do seu clube não foi debitado',
        paragraphs: [
          'O seu banco não fez o débito do PIX Automático deste período. Enviamos um PIX para você pagar: ele está no e-mail do pedido e na sua conta.',
          'Pague até o fim do período para não perder o acesso aos materiais do clube.',
        ],
        button: { label: 'Ver minha conta', path: '/dashboard' },
      })
      await move(sub, ['ativa'], 'em_atraso', async (tx) => {
        await deps.mail.enqueue(tx, {
          ...mail,
          dedupeKey: `subscription:${sub.id}:refused:${cycle.cycle}`,
          to: sub.email,
        })
      })
      deps.mail.wake()
      log.info({ subscriptionId: sub.id, cycle: cycle.cycle }, 'PIX Automático refused: PIX sent')
    },
  }
}
