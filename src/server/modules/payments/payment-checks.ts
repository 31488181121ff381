import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../errors.js'
import {
  isPayable,
  type OrderRow,
  type OrdersService,
  type PaidSource,
} from '../orders/orders.service.js'
import type { MercadoPagoPayment } from './providers/mercadopago-api.js'
import { paysOrder, reversesOrder } from './providers/mercadopago.js'
import type { WebhookInput } from './providers/pix-provider.js'
import type { PixProviders } from './providers/registry.js'

/** How far back paid orders are asked about again: refunds and most chargebacks come by then. */
export const REFUND_RECHECK_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Learning that an order was paid, or that its payment was given back: the provider's re-check
 * (on demand and scheduled, because webhooks get lost) and verified webhooks. They end in
 * orders.markOrderPaid, or orders.close(…, 'refunded') which revokes the downloads.
 */
export function createPaymentChecks(deps: {
  providers: PixProviders
  orders: OrdersService
  log: FastifyBaseLogger
}) {
  const { providers, orders, log } = deps

  const refOf = (order: OrderRow) => ({
    orderId: order.id,
    amountCents: order.totalCents,
    providerPaymentId: order.providerPaymentId,
  })

  /**
   * A cancelled order's charge is voided at its provider, so the buyer can no longer pay it
   * (Asaas: its due date is a day). Registered on orders' close in composition.ts. Best-effort:
   * a failure is logged by the orders module, and the pending sweep tries again while the order
   * may still be paid late.
   */
  async function voidClosedCharge(order: OrderRow): Promise<void> {
    if (order.status !== 'cancelled' || !order.providerPaymentId) return
    const provider = await providers.named(order.paymentProvider)
    await provider?.cancelCharge?.(refOf(order))
  }

  async function pay(order: OrderRow, providerPaymentId: string, source: PaidSource) {
    await orders.setProviderPaymentId(order.id, providerPaymentId)
    await orders.markOrderPaid(order.id, source)
  }

  /**
   * A paid order whose provider says the money went back (a refund or chargeback made in the
   * provider's panel, told by webhook or found by the re-check) is refunded through the close
   * path, which also settles a buyer's refund request still open (refunds module). The one
   * place for every provider: each tells `reversed` its own way.
   */
  async function refundIfReversed(order: OrderRow, reversed: boolean, source: string) {
    if (order.status !== 'paid' || !reversed) return
    if (await orders.close(order.id, 'paid', 'refunded')) {
      log.info({ orderId: order.id, source }, 'order refunded by provider')
    }
  }

  /** Mercado Pago: its payment is read by the caller (the webhook names it, not the order). */
  const mercadoPagoReversed = (order: OrderRow, payment: MercadoPagoPayment) =>
    reversesOrder(payment, refOf(order))

  /** The other providers say it through getStatus (Asaas: REFUNDED, REFUND_IN_PROGRESS). */
  async function statusReversed(order: OrderRow): Promise<boolean> {
    const provider = await providers.named(order.paymentProvider)
    if (!provider?.remote) return false
    return (await provider.getStatus(refOf(order))).state === 'reversed'
  }

  /**
   * Asks the order's provider; pays the order when it says so (also one cancelled because its
   * PIX ran out: the money arrived). Failures are logged only.
   */
  async function recheck(order: OrderRow): Promise<void> {
    if (!isPayable(order)) return
    try {
      const provider = await providers.named(order.paymentProvider)
      if (!provider?.remote) return
      const ref = refOf(order)
      const check = await provider.getStatus(ref)
      if (check.state === 'approved') await pay(order, check.providerPaymentId, 'recheck')
      // An expired order whose charge is still open: the void at expiry failed, try again.
      else if (check.state === 'pending' && order.status === 'cancelled') {
        await provider.cancelCharge?.(ref)
      }
    } catch (err) {
      log.warn({ err, orderId: order.id }, 'payment re-check failed')
    }
  }

  return {
    recheck,
    voidClosedCharge,

    /** The scheduled sweep over pending Mercado Pago, Woovi and Asaas orders. Returns how many were asked. */
    async recheckPending(limit = 200): Promise<number> {
      let asked = 0
      for (const name of ['mercadopago', 'woovi', 'asaas'] as const) {
        if (!(await providers.named(name))) continue
        const pending = await orders.pendingOf(name, limit)
        for (const order of pending) await recheck(order)
        asked += pending.length
      }
      return asked
    },

    /**
     * The scheduled sweep over Mercado Pago and Asaas orders paid in the last
     * REFUND_RECHECK_DAYS (newest `limit` of each), for refunds and chargebacks whose webhook was
     * lost. Woovi is not asked: its getStatus does not report refunds (they are a separate list at
     * Woovi, not read by the store). Returns how many were asked.
     */
    async recheckPaid(nowMs = Date.now(), limit = 100): Promise<number> {
      const since = new Date(nowMs - REFUND_RECHECK_DAYS * DAY_MS)
      let asked = 0
      const api = providers.mercadoPagoApi
      if (api) {
        const paid = await orders.paidOf('mercadopago', since, limit)
        for (const order of paid) {
          if (!order.providerPaymentId) continue
          try {
            const payment = await api.getPayment(order.providerPaymentId)
            if (payment)
              await refundIfReversed(order, mercadoPagoReversed(order, payment), 'recheck')
          } catch (err) {
            log.warn({ err, orderId: order.id }, 'refund re-check failed')
          }
        }
        asked += paid.length
      }
      if (await providers.named('asaas')) {
        const paid = await orders.paidOf('asaas', since, limit)
        for (const order of paid) {
          try {
            await refundIfReversed(order, await statusReversed(order), 'recheck')
          } catch (err) {
            log.warn({ err, orderId: order.id }, 'refund re-check failed')
          }
        }
        asked += paid.length
      }
      return asked
    },

    /**
     * A Woovi notification: its RSA signature over the raw body verified (401 when forged,
     * unsigned or stale), then only a hint: the charge is read from Woovi and pays its order when
     * completed for that order's correlationID and amount (the same path as the re-check).
     */
    async handleWooviWebhook(input: WebhookInput, nowMs = Date.now()): Promise<void> {
      const woovi = await providers.woovi()
      if (!woovi?.parseWebhook) throw new AppError('not_found', 'Woovi não configurada')
      const event = woovi.parseWebhook(input, nowMs)
      if (!event) return
      const order = await orders.find(event.providerPaymentId)
      if (order?.paymentProvider !== 'woovi') return
      await recheck(order)
    },

    /**
     * An Asaas notification: its `asaas-access-token` header must equal the token the owner set
     * (401 otherwise), and it is only a hint: the payment is read back from Asaas by the id the
     * order stored, and pays that order when received for its amount; a refund told by Asaas
     * (a devolução made in its panel) refunds a paid order through the close path.
     */
    async handleAsaasWebhook(input: WebhookInput): Promise<void> {
      const asaas = await providers.asaas()
      if (!asaas?.parseWebhook) throw new AppError('not_found', 'Asaas não configurada')
      const event = asaas.parseWebhook(input, Date.now())
      if (!event?.orderId) return
      const order = await orders.find(event.orderId)
      if (order?.paymentProvider !== 'asaas') return
      if (order.providerPaymentId !== event.providerPaymentId) return
      if (event.type === 'payment.updated') return recheck(order)
      if (order.status !== 'paid') return
      try {
        await refundIfReversed(order, await statusReversed(order), 'webhook')
      } catch (err) {
        // Answered 200 all the same: Asaas would retry, and the owner sees the refund there.
        log.warn({ err, orderId: order.id }, 'webhook refund lookup failed')
      }
    },

    /**
     * A Mercado Pago notification: verified (401 when forged or stale), then only a hint to read
     * the payment, which pays its order when approved for that order's reference and amount.
     */
    async handleWebhook(input: WebhookInput, nowMs = Date.now()): Promise<void> {
      const { mercadoPago, mercadoPagoApi } = providers
      if (!mercadoPago?.parseWebhook || !mercadoPagoApi) {
        throw new AppError('not_found', 'Mercado Pago não configurado')
      }
      const event = mercadoPago.parseWebhook(input, nowMs)
      if (!event) return
      try {
        const payment = await mercadoPagoApi.getPayment(event.providerPaymentId)
        const reference = payment?.external_reference
        const order = reference ? await orders.find(reference) : null
        if (!payment || order?.paymentProvider !== 'mercadopago') return
        const ref = { orderId: order.id, amountCents: order.totalCents, providerPaymentId: null }
        if (isPayable(order) && paysOrder(payment, ref)) {
          await pay(order, payment.id, 'webhook')
        } else {
          await refundIfReversed(order, mercadoPagoReversed(order, payment), 'webhook')
        }
      } catch (err) {
        // Answered 200 all the same: the scheduled re-check will find the payment.
        log.warn({ err, paymentId: event.providerPaymentId }, 'webhook payment lookup failed')
      }
    },
  }
}

export type PaymentChecks = ReturnType<typeof createPaymentChecks>
