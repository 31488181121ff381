import { AppError } from '../../../errors.js'
import { idempotencyKey, type MercadoPagoApi, type MercadoPagoPayment } from './mercadopago-api.js'
import { verifyMercadoPagoSignature } from './mercadopago-signature.js'
import type { CardCheckout } from './card-checkout.js'
import { refundOutcome, type ChargeRef, type PixProvider } from './pix-provider.js'

/** Mercado Pago's answer pays an order only when approved, for that order, for its amount. */
export function paysOrder(payment: MercadoPagoPayment, ref: ChargeRef): boolean {
  return (
    payment.status === 'approved' &&
    payment.external_reference === ref.orderId &&
    Math.round(payment.transaction_amount * 100) === ref.amountCents
  )
}

const REVERSED = new Set(['refunded', 'charged_back'])

/**
 * The payment that paid an order was given back: refunded by the seller or charged back by the
 * buyer's bank. Only the order's own payment counts (a second payment refunded leaves it paid).
 */
export function reversesOrder(payment: MercadoPagoPayment, ref: ChargeRef): boolean {
  return (
    REVERSED.has(payment.status) &&
    payment.external_reference === ref.orderId &&
    payment.id === ref.providerPaymentId
  )
}

const REFUSED_REFUNDS = new Set(['rejected', 'cancelled'])

const FAILED = new Set(['rejected', 'cancelled', 'refunded', 'charged_back'])

/** ISO 8601 in Brasília time, the form Mercado Pago documents ("…T23:59:59.000-03:00"). */
export function brasiliaIso(date: Date): string {
  const local = new Date(date.getTime() - 3 * 60 * 60 * 1000)
  return `${local.toISOString().slice(0, 23)}-03:00`
}

export interface MercadoPagoOptions {
  webhookSecret: string | undefined
  /** https URL of POST /api/webhooks/mercadopago, or null when the store has no public https URL. */
  notificationUrl: string | null
}

/** Dynamic PIX through Mercado Pago: paid on a verified webhook or a status re-check. */
export function mercadoPagoProvider(api: MercadoPagoApi, opts: MercadoPagoOptions): PixProvider {
  return {
    name: 'mercadopago',
    label: 'Mercado Pago',
    isDemo: false,
    remote: true,
    reportsReversals: true,
    async createCharge(request) {
      const payment = await api.createPayment(
        {
          transaction_amount: request.amountCents / 100,
          description: request.description,
          payment_method_id: 'pix',
          payer: {
            email: request.payer.email,
            first_name: request.payer.firstName,
            last_name: request.payer.lastName,
          },
          external_reference: request.orderId,
          ...(opts.notificationUrl ? { notification_url: opts.notificationUrl } : {}),
          date_of_expiration: brasiliaIso(request.expiresAt),
        },
        idempotencyKey('pix', request.orderId),
      )
      const data = payment.point_of_interaction?.transaction_data
      if (!data?.qr_code) throw new Error('Mercado Pago answered a payment without a PIX code')
      return {
        qrCode: data.qr_code,
        qrCodeBase64: data.qr_code_base64 ?? null,
        ticketUrl: data.ticket_url ?? null,
        providerPaymentId: payment.id,
      }
    },

    async getStatus(ref) {
      // The notified payment when a webhook named one (a second payment of the order may be
      // the one paid), else the order's own, else every payment made for the order.
      const id = ref.notifiedPaymentId ?? ref.providerPaymentId
      const payments = id
        ? [await api.getPayment(id)].filter((p) => p !== null)
        : await api.searchByReference(ref.orderId)
      const paid = payments.find((p) => paysOrder(p, ref))
      if (paid) return { state: 'approved', providerPaymentId: paid.id }
      if (payments.some((p) => reversesOrder(p, ref))) return { state: 'reversed' }
      const failed = payments.length > 0 && payments.every((p) => FAILED.has(p.status))
      return { state: failed ? 'failed' : 'pending' }
    },

    async refund(ref) {
      if (!ref.providerPaymentId) return { state: 'refused', detail: 'pedido sem pagamento' }
      const paymentId = ref.providerPaymentId
      return refundOutcome(
        () => api.createRefund(paymentId, idempotencyKey('refund', ref.orderId)),
        REFUSED_REFUNDS,
      )
    },

    async parseWebhook(input, nowMs) {
      // Only the query's id is covered by the signature, so only it is believed.
      const rawId = input.query['data.id']
      const dataId =
        typeof rawId === 'string' && /^[A-Za-z0-9]{1,64}$/.test(rawId) ? rawId : undefined
      const header = (name: string) => {
        const value = input.headers[name]
        return Array.isArray(value) ? value[0] : value
      }
      // Without the secret nothing can be verified: refuse rather than act on anyone's word.
      const verdict = opts.webhookSecret
        ? verifyMercadoPagoSignature({
            secret: opts.webhookSecret,
            signature: header('x-signature'),
            requestId: header('x-request-id'),
            dataId: typeof rawId === 'string' ? rawId : undefined,
            nowMs,
          })
        : 'missing'
      if (verdict !== 'ok') throw new AppError('unauthorized', 'Assinatura inválida')
      const type = input.query.type ?? input.query.topic ?? (input.body as { type?: unknown })?.type
      if (type !== 'payment' || !dataId) return null
      // The notification names the payment only: the payment, read back, names the order.
      const payment = await api.getPayment(dataId)
      if (!payment?.external_reference) return null
      return {
        orderRef: payment.external_reference,
        chargeRef: payment.id,
        kind: REVERSED.has(payment.status) ? 'reversed' : 'paid',
        providerPaymentId: payment.id,
      }
    },
  }
}

/** Checkout Pro: a preference built from the order's stored prices, never the client's. */
export function mercadoPagoCardCheckout(
  api: MercadoPagoApi,
  opts: Pick<MercadoPagoOptions, 'notificationUrl'>,
): CardCheckout {
  return {
    provider: 'mercadopago',
    async createPage(request) {
      const { orderId: id } = request
      // Mercado Pago has no negative line: with a discount the order is one line of its total.
      const items = request.couponCode
        ? [
            {
              id,
              title: `${request.description.slice(0, 200)} (cupom ${request.couponCode})`,
              quantity: 1,
              currency_id: 'BRL' as const,
              unit_price: request.totalCents / 100,
            },
          ]
        : request.lines.map((l) => ({
            id: String(l.productId),
            title: l.productName,
            quantity: l.quantity,
            currency_id: 'BRL' as const,
            unit_price: l.unitPriceCents / 100,
          }))
      const { payer, backUrl } = request
      const preference = await api.createPreference(
        {
          items,
          payer: { name: payer.firstName, surname: payer.lastName, email: payer.email },
          back_urls: { success: backUrl, failure: backUrl, pending: backUrl },
          auto_return: 'approved',
          external_reference: id,
          statement_descriptor: 'LOJA MATERIAIS',
          metadata: { description: request.description },
          ...(opts.notificationUrl ? { notification_url: opts.notificationUrl } : {}),
        },
        idempotencyKey('preference', id),
      )
      return {
        initPoint: preference.init_point,
        sandboxInitPoint: preference.sandbox_init_point ?? null,
        id: preference.id,
      }
    },
  }
}
