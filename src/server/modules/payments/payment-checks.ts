import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../errors.js'
import type { OrderRow, OrdersService, PaidSource } from '../orders/orders.service.js'
import { paysOrder } from './providers/mercadopago.js'
import type { WebhookInput } from './providers/pix-provider.js'
import type { PixProviders } from './providers/registry.js'

/**
 * Learning that an order was paid: the provider's re-check (on demand and scheduled, because
 * webhooks get lost) and verified webhooks. All of them end in orders.markOrderPaid.
 */
export function createPaymentChecks(deps: {
  providers: PixProviders
  orders: OrdersService
  log: FastifyBaseLogger
}) {
  const { providers, orders, log } = deps

  async function pay(order: OrderRow, providerPaymentId: string, source: PaidSource) {
    await orders.setProviderPaymentId(order.id, providerPaymentId)
    await orders.markOrderPaid(order.id, source)
  }

  /** Asks the order's provider; pays the order when it says so. Failures are logged only. */
  async function recheck(order: OrderRow): Promise<void> {
    if (order.status !== 'pending') return
    try {
      const provider = await providers.named(order.paymentProvider)
      if (!provider?.remote) return
      const check = await provider.getStatus({
        orderId: order.id,
        amountCents: order.totalCents,
        providerPaymentId: order.providerPaymentId,
      })
      if (check.state === 'approved') await pay(order, check.providerPaymentId, 'recheck')
    } catch (err) {
      log.warn({ err, orderId: order.id }, 'payment re-check failed')
    }
  }

  return {
    recheck,

    /** The scheduled sweep over pending Mercado Pago orders. Returns how many were asked. */
    async recheckPending(limit = 200): Promise<number> {
      if (!providers.mercadoPago) return 0
      const pending = await orders.pendingOf('mercadopago', limit)
      for (const order of pending) await recheck(order)
      return pending.length
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
        if (order.status === 'pending' && paysOrder(payment, ref)) {
          await pay(order, payment.id, 'webhook')
        }
      } catch (err) {
        // Answered 200 all the same: the scheduled re-check will find the payment.
        log.warn({ err, paymentId: event.providerPaymentId }, 'webhook payment lookup failed')
      }
    },
  }
}

export type PaymentChecks = ReturnType<typeof createPaymentChecks>
