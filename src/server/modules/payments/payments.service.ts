import type { FastifyBaseLogger } from 'fastify'
import type {
  OrderStatusAnswer,
  PaymentProviderName,
  PixPaymentData,
} from '../../../contracts/checkout.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Config } from '../../config.js'
import type { OrderAsker, OrderRow, OrdersService } from '../orders/orders.service.js'
import { polledStatus } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { createPaymentChecks } from './payment-checks.js'
import type { PixCharge, PixProvider } from './providers/pix-provider.js'
import { createPixProviders } from './providers/registry.js'
import { pngDataUrl, qrPngBase64 } from './qr-image.js'

export type { ChargeRequest, PixCharge } from './providers/pix-provider.js'
export { idempotencyKey } from './providers/mercadopago-api.js'

/** A waiting page polls every few seconds; the provider is asked at most this often per order. */
const POLL_RECHECK_MS = 10_000

/**
 * The answer's pixPaymentData for a charge. The provider's kind and recipient tell the page
 * what to promise: a static key is confirmed by the store, by hand.
 */
export function presentCharge(
  provider: Pick<PixProvider, 'name' | 'recipientName'>,
  amountCents: number,
  charge: Pick<PixCharge, 'qrCode' | 'qrCodeBase64' | 'ticketUrl'>,
): PixPaymentData {
  return {
    qrCodeBase64: pngDataUrl(charge.qrCodeBase64 ?? qrPngBase64(charge.qrCode)),
    qrCode: charge.qrCode,
    amount: centsToDecimal(amountCents),
    ticketUrl: charge.ticketUrl,
    isDemo: provider.name === 'demo',
    provider: provider.name,
    recipientName: provider.name === 'static' ? (provider.recipientName ?? null) : null,
  }
}

export function createPaymentsService(deps: {
  config: Config
  settings: SettingsService
  orders: OrdersService
  log: FastifyBaseLogger
}) {
  const { orders } = deps
  const providers = createPixProviders(deps.config, deps.settings)
  const checks = createPaymentChecks({ providers, orders, log: deps.log })
  const lastAsked = new Map<string, number>()

  async function statusAnswer(order: OrderRow): Promise<OrderStatusAnswer> {
    const waiting = order.status === 'pending' && order.pixCode
    const name = order.paymentProvider as PaymentProviderName
    // The recipient is today's setting: the one the buyer can still reach.
    const recipientName =
      name === 'static' ? ((await providers.named('static'))?.recipientName ?? null) : null
    return {
      id: order.id,
      status: polledStatus(order.status),
      subtotalAmount: centsToDecimal(order.totalCents + order.discountCents),
      discountAmount: centsToDecimal(order.discountCents),
      totalAmount: centsToDecimal(order.totalCents),
      couponCode: order.couponCode,
      // While it waits, the page may have been reloaded: it needs the QR again.
      pixPaymentData: waiting
        ? presentCharge({ name, recipientName: recipientName ?? undefined }, order.totalCents, {
            qrCode: order.pixCode!,
            qrCodeBase64: null,
            ticketUrl: order.ticketUrl,
          })
        : null,
    }
  }

  return {
    providers,
    recheckPending: checks.recheckPending,
    recheckPaid: checks.recheckPaid,
    handleWebhook: checks.handleWebhook,

    /** Status polling; a Mercado Pago order is re-checked now and then in case its webhook was lost. */
    async statusFor(orderId: string, asker: OrderAsker): Promise<OrderStatusAnswer> {
      const order = await orders.findOwned(orderId, asker)
      const now = Date.now()
      if (
        order.status !== 'pending' ||
        order.paymentProvider !== 'mercadopago' ||
        now - (lastAsked.get(order.id) ?? 0) < POLL_RECHECK_MS
      ) {
        return statusAnswer(order)
      }
      if (lastAsked.size > 10_000) lastAsked.clear()
      lastAsked.set(order.id, now)
      await checks.recheck(order)
      return statusAnswer((await orders.find(order.id)) ?? order)
    },

    /**
     * The customer's "I paid" button: completes the order only in demo mode; otherwise asks the
     * provider and reports what it says, never taking the customer's word for it.
     */
    async confirm(orderId: string, asker: OrderAsker): Promise<OrderStatusAnswer> {
      const order = await orders.findOwned(orderId, asker)
      if (order.status === 'pending') {
        // Demo needs both: the order was made in demo mode and the store still is in it.
        const storeIsDemo = (await providers.mode()) === 'demo'
        if (order.paymentProvider === 'demo' && storeIsDemo) {
          await orders.markOrderPaid(order.id, 'demo')
        } else {
          await checks.recheck(order)
        }
      }
      return statusAnswer((await orders.find(order.id)) ?? order)
    },
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
