import { and, eq } from 'drizzle-orm'
import { clubeTitle } from '../../../contracts/subscriptions.js'
import { AppError } from '../../errors.js'
import {
  newOrderId,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from '../orders/orders.service.js'
import type { ChargeRequest, PixCharge, PixProvider } from '../payments/payments.service.js'
import type { SubscriptionRow } from './clube-grants.js'
import type { PlanRow } from './plans.service.js'
import { dateBR, TAX_ID_MESSAGE, type SubscriptionsDeps } from './subscription-deps.js'
import { subscriptionCycles } from './subscriptions.tables.js'

/**
 * A clube cycle's order: what it charges, its plan line, and the order placed with its PIX (or
 * its PIX Automático debit) as the checkout places any order; the renewal PIX by WhatsApp.
 */
export function cycleOrders(deps: SubscriptionsDeps) {
  const { db, orders, payments, log } = deps

  /** What cycle `n` charges: a price she was told of applies from its cycle on. */
  const amountFor = (sub: SubscriptionRow, cycle: number) =>
    sub.nextPriceCents !== null && cycle >= (sub.nextPriceFromCycle ?? Infinity)
      ? sub.nextPriceCents
      : sub.priceCents

  const lineOf = (plan: PlanRow, cents: number): NewOrderLine => ({
    productId: null,
    planId: plan.id,
    productName: `${clubeTitle(plan.name)} (${plan.interval === 'year' ? 'anual' : 'mensal'})`,
    unitPriceCents: cents,
    quantity: 1,
    bundleProductIds: [],
    bumpFor: null,
  })

  /**
   * One cycle's order and its PIX, as the checkout places any PIX order: the provider's charge,
   * the order's e-mails through the outbox (the PIX to pay), its expiry (`expiresAt`: a renewal
   * is payable until the grace ends).
   */
  async function placeCycleOrder(input: {
    sub: Pick<SubscriptionRow, 'id' | 'userId' | 'email' | 'customerName' | 'customerWhatsapp'>
    plan: PlanRow
    cents: number
    expiresAt: Date
    sessionId: string | null
    taxId?: string | undefined
    /** The terms she agreed to when subscribing: every cycle's receipt carries them. */
    termsVersionId: number | null
    /** The provider that charges (default: the one charging now) and how (default: its PIX). */
    provider?: PixProvider
    charge?: (request: ChargeRequest) => Promise<PixCharge>
    /**
     * Where the order is stored (default: on its own). The first cycle's is stored in the
     * transaction that writes its subscription and cycle (subscribe.ts).
     */
    store?: (order: NewOrder, lines: NewOrderLine[]) => Promise<OrderRow>
  }) {
    const provider = input.provider ?? (await payments.providers.current())
    if (provider.needsTaxId && !input.taxId) {
      throw new AppError('bad_request', TAX_ID_MESSAGE)
    }
    const id = newOrderId()
    const line = lineOf(input.plan, input.cents)
    const [firstName = '', ...rest] = input.sub.customerName.split(' ')
    const request = {
      orderId: id,
      amountCents: input.cents,
      description: line.productName,
      payer: {
        firstName,
        lastName: rest.join(' '),
        email: input.sub.email,
        whatsapp: input.sub.customerWhatsapp,
        taxId: input.taxId,
      },
      expiresAt: input.expiresAt,
    }
    // Placed and charged as the checkout places any PIX order (payments.placeWithCharge).
    const { placed, charge } = await payments.placeWithCharge({
      provider,
      request,
      ...(input.charge ? { charge: input.charge } : {}),
      store: (early) =>
        (input.store ?? orders.insert)(
          {
            id,
            userId: input.sub.userId,
            sessionId: input.sessionId,
            customerName: input.sub.customerName,
            customerEmail: input.sub.email,
            customerWhatsapp: input.sub.customerWhatsapp,
            customerAddress: null,
            totalCents: input.cents,
            discountCents: 0,
            couponCode: null,
            paymentMethod: 'pix',
            paymentProvider: provider.name,
            pixCode: early?.qrCode ?? null,
            ticketUrl: early?.ticketUrl ?? null,
            providerPaymentId: early?.providerPaymentId ?? null,
            pixExpiresAt: input.expiresAt,
            subscriptionId: input.sub.id,
            termsVersionId: input.termsVersionId,
          },
          [line],
        ),
    })
    return { placed, line, provider, charge }
  }

  /**
   * A cycle's PIX also goes by WhatsApp when the store has one connected (its e-mail is the
   * order's own). Best-effort: the cycle is charged whatever happens here.
   */
  async function renewalWhatsapp(placed: OrderRow, line: NewOrderLine) {
    try {
      const writer = await deps.reminders.prepare()
      const until = dateBR.format(placed.pixExpiresAt ?? deps.now())
      const sent = await db.transaction((tx) => writer.renewal(tx, placed, [line], until))
      if (sent) deps.reminders.flush()
    } catch (err) {
      log.warn({ err, orderId: placed.id }, 'renewal WhatsApp not written')
    }
  }

  /** The terms of a subscription: those agreed to with its first cycle's order. */
  async function termsOf(subscriptionId: string): Promise<number | null> {
    const [first] = await db
      .select({ orderId: subscriptionCycles.orderId })
      .from(subscriptionCycles)
      .where(
        and(eq(subscriptionCycles.subscriptionId, subscriptionId), eq(subscriptionCycles.cycle, 1)),
      )
    const order = first?.orderId ? await orders.find(first.orderId) : null
    return order?.termsVersionId ?? null
  }

  return { amountFor, lineOf, placeCycleOrder, renewalWhatsapp, termsOf }
}

export type CycleOrders = ReturnType<typeof cycleOrders>
