import { AppError } from '../../../errors.js'
import { idempotencyKey } from './mercadopago-api.js'
import { refundOutcome, type ChargeRef, type PixProvider } from './pix-provider.js'
import { type WooviApi, type WooviCharge } from './woovi-api.js'
import { verifyWooviWebhook } from './woovi-signature.js'

/** Woovi's answer pays an order only when completed, for that order, for its amount. */
export function wooviPaysOrder(charge: WooviCharge, ref: ChargeRef): boolean {
  return (
    charge.status === 'COMPLETED' &&
    charge.correlationID === ref.orderId &&
    charge.value === ref.amountCents
  )
}

const REFUSED_REFUNDS = new Set(['REJECTED', 'FAILED', 'CANCELED', 'CANCELLED'])
/** A refund made or under way: the money is going back (the store's own, or a MED refund). */
const GOING_BACK = new Set(['CONFIRMED', 'IN_PROCESSING'])

/**
 * Woovi's refund notifications (https://developers.woovi.com/docs/webhook/webhook-events-type):
 * a hint that the order's charge may have been given back, asked of Woovi all the same.
 */
const REFUND_EVENTS = new Set([
  'OPENPIX:TRANSACTION_REFUND_RECEIVED',
  'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED',
  'OPENPIX:PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED',
])

/** Events that may mean "paid": the payment is read from Woovi all the same. */
const PAYMENT_EVENTS = new Set(['OPENPIX:CHARGE_COMPLETED', 'OPENPIX:TRANSACTION_RECEIVED'])

export interface WooviOptions {
  publicKey: string
}

/** Dynamic PIX through Woovi (OpenPix): paid on a verified webhook or a status re-check. */
export function wooviProvider(api: WooviApi, opts: WooviOptions): PixProvider {
  return {
    name: 'woovi',
    label: 'Woovi',
    isDemo: false,
    remote: true,
    // Refunds are a list of their own at Woovi, read with a paid charge's status: a refund or
    // a MED fraud refund asked by the payer's bank takes the materials back at once.
    reportsReversals: true,
    async createCharge(request) {
      const expiresIn = Math.max(60, Math.round((request.expiresAt.getTime() - Date.now()) / 1000))
      const charge = await api.createCharge({
        correlationID: request.orderId,
        value: request.amountCents,
        comment: request.description.slice(0, 140),
        expiresIn,
      })
      if (!charge.brCode) throw new Error('Woovi answered a charge without a PIX code')
      return {
        qrCode: charge.brCode,
        // Woovi's image is a URL, not base64: the store draws the QR from the same BR Code.
        qrCodeBase64: null,
        ticketUrl: charge.paymentLinkUrl ?? null,
        providerPaymentId: charge.correlationID,
      }
    },

    async getStatus(ref) {
      const charge = await api.getCharge(ref.orderId)
      if (charge && wooviPaysOrder(charge, ref)) {
        const refunds = await api.chargeRefunds(charge.correlationID)
        if (refunds.some((r) => GOING_BACK.has(r.status) && r.value > 0)) {
          return { state: 'reversed' }
        }
        return { state: 'approved', providerPaymentId: charge.correlationID }
      }
      return { state: charge?.status === 'EXPIRED' ? 'failed' : 'pending' }
    },

    async refund(ref) {
      if (!ref.providerPaymentId) return { state: 'refused', detail: 'pedido sem pagamento' }
      const correlationId = ref.providerPaymentId
      return refundOutcome(
        () => api.refundCharge(correlationId, idempotencyKey('refund', ref.orderId)),
        REFUSED_REFUNDS,
      )
    },

    async parseWebhook(input, nowMs) {
      const header = input.headers['x-webhook-signature']
      const { verdict, body } = verifyWooviWebhook({
        publicKey: opts.publicKey,
        rawBody: typeof input.body === 'string' ? input.body : undefined,
        signature: Array.isArray(header) ? header[0] : header,
        nowMs,
      })
      if (verdict !== 'ok') throw new AppError('unauthorized', 'Assinatura inválida')
      const event = body as { event?: unknown; charge?: { correlationID?: unknown } }
      const id = event.charge?.correlationID
      if (typeof event.event !== 'string') return null
      const kind = PAYMENT_EVENTS.has(event.event)
        ? 'paid'
        : REFUND_EVENTS.has(event.event)
          ? 'reversed'
          : null
      if (!kind || typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) return null
      // Woovi's charge is the order's correlationID: the store's own id.
      return { orderRef: id, kind, providerPaymentId: id }
    },
  }
}
