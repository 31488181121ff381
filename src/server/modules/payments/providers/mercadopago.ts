import { AppError } from '../../../errors.js'
import { idempotencyKey, type MercadoPagoApi, type MercadoPagoPayment } from './mercadopago-api.js'
import { verifyMercadoPagoSignature } from './mercadopago-signature.js'
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
    isDemo: false,
    remote: true,
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
      const payments = ref.providerPaymentId
        ? [await api.getPayment(ref.providerPaymentId)].filter((p) => p !== null)
        : await api.searchByReference(ref.orderId)
      const paid = payments.find((p) => paysOrder(p, ref))
      if (paid) return { state: 'approved', providerPaymentId: paid.id }
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

    parseWebhook(input, nowMs) {
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
      return { type: 'payment.updated', providerPaymentId: dataId }
    },
  }
}
