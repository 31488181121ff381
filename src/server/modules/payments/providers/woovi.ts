import { AppError } from '../../../errors.js'
import { idempotencyKey } from './mercadopago-api.js'
import {
  refundOutcome,
  type ChargeRef,
  type PixAutomatic,
  type PixProvider,
} from './pix-provider.js'
import { providerSaidNo } from '../../../providers/provider-api.js'
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

/**
 * PIX Automático's events (https://developers.woovi.com/docs/pix-automatic/pix-automatic-webhooks):
 * PIX_AUTOMATIC_APPROVED carries the subscription (journey 3: its first installment is paid);
 * PIX_AUTOMATIC_COBR_* carry an installment (`globalID`), whose recurring charge was paid, or
 * rejected by the payer's bank after its last try.
 */
const APPROVED = 'PIX_AUTOMATIC_APPROVED'
const COBR_COMPLETED = 'PIX_AUTOMATIC_COBR_COMPLETED'
const COBR_REJECTED = 'PIX_AUTOMATIC_COBR_REJECTED'
/** The first cycle's order is paid by the subscription's QR code; a cycle's by its installment. */
const SUBSCRIPTION_REF = 'pixauto:'
const INSTALLMENT_REF = 'cobr:'
const GLOBAL_ID = /^[A-Za-z0-9+/=_-]{1,128}$/
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/

/** Woovi's PIX Automático, journey 3 (https://developers.woovi.com/docs/pix-automatic/pix-automatic-how-to-create). */
function wooviAutomatic(api: WooviApi): PixAutomatic {
  return {
    async authorise(request) {
      const { payer } = request
      const subscription = await api.createSubscription({
        name: request.description.slice(0, 140),
        value: request.amountCents,
        customer: {
          name: `${payer.firstName} ${payer.lastName}`.trim(),
          taxID: payer.taxId,
          email: payer.email,
          ...(payer.whatsapp ? { phone: payer.whatsapp } : {}),
        },
        // The first cycle's order: the approval names it back.
        correlationID: request.orderId,
        // Woovi asks for fewer than 30 characters: what the payer's bank shows.
        comment: request.description.slice(0, 29),
        frequency: request.interval === 'year' ? 'ANNUALLY' : 'MONTHLY',
        type: 'PIX_RECURRING',
        pixRecurringOptions: { journey: 'PAYMENT_ON_APPROVAL', retryPolicy: 'NON_PERMITED' },
        // Journey 3 starts today (the first installment is the QR code's payment).
        dayGenerateCharge: request.startDate.toISOString(),
        dayDue: 3,
      })
      const emv = subscription.pixRecurring?.emv
      if (!emv) throw new Error('Woovi answered a PIX Automático without its QR code')
      return {
        authorisationId: subscription.globalID,
        charge: {
          qrCode: emv,
          qrCodeBase64: null,
          ticketUrl: null,
          providerPaymentId: `${SUBSCRIPTION_REF}${subscription.globalID}`,
        },
      }
    },

    async scheduleDebit(request) {
      // The next installment waiting for its charge (Woovi adds one when the last is paid).
      const waiting = (await api.installments(request.authorisationId))
        .filter((i) => i.status === 'SCHEDULED')
        .sort((a, b) => b.installmentNumber - a.installmentNumber)[0]
      if (!waiting) throw new Error('Woovi has no installment waiting for its charge')
      try {
        await api.createCobr(waiting.globalID, request.amountCents)
      } catch (error) {
        // Woovi makes the charge itself from the 4th day before: then it is already there.
        if (!providerSaidNo(error) || !(await api.getInstallment(waiting.globalID))?.cobr) {
          throw error
        }
      }
      return { providerPaymentId: `${INSTALLMENT_REF}${waiting.globalID}` }
    },

    async revoke(authorisationId) {
      try {
        await api.cancelSubscription(authorisationId)
      } catch (error) {
        if (providerSaidNo(error)) return
        throw error
      }
    },
  }
}

/** A PIX Automático ref's word: the subscription approved, or the installment paid. */
async function automaticStatus(api: WooviApi, ref: ChargeRef, stored: string) {
  if (stored.startsWith(SUBSCRIPTION_REF)) {
    const subscription = await api.getSubscription(stored.slice(SUBSCRIPTION_REF.length))
    if (!subscription || subscription.correlationID !== ref.orderId)
      return { state: 'pending' as const }
    const status = subscription.pixRecurring?.status
    if (status === 'APPROVED' && subscription.value === ref.amountCents) {
      return { state: 'approved' as const, providerPaymentId: stored }
    }
    return { state: status === 'REJECTED' ? ('failed' as const) : ('pending' as const) }
  }
  const installment = await api.getInstallment(stored.slice(INSTALLMENT_REF.length))
  const paid = installment?.status === 'COMPLETED' || installment?.cobr?.status === 'COMPLETED'
  if (installment && paid && (installment.cobr?.value ?? installment.value) === ref.amountCents) {
    return { state: 'approved' as const, providerPaymentId: stored }
  }
  return {
    state: installment?.cobr?.status === 'REJECTED' ? ('failed' as const) : ('pending' as const),
  }
}

/** Reads PIX Automático's notifications as the pipeline's events; null for any other. */
function automaticEvent(body: Record<string, unknown>) {
  const event = body.event
  if (event === APPROVED) {
    const orderId = body.correlationID
    const id = body.globalID
    if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) return null
    if (typeof id !== 'string' || !GLOBAL_ID.test(id)) return null
    return {
      orderRef: orderId,
      kind: 'paid' as const,
      providerPaymentId: `${SUBSCRIPTION_REF}${id}`,
    }
  }
  if (event === COBR_COMPLETED || event === COBR_REJECTED) {
    const id = body.globalID
    if (typeof id !== 'string' || !GLOBAL_ID.test(id)) return null
    const ref = `${INSTALLMENT_REF}${id}`
    return {
      chargeRef: ref,
      kind: event === COBR_COMPLETED ? ('paid' as const) : ('refused' as const),
      providerPaymentId: ref,
    }
  }
  return null
}

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
    automatic: wooviAutomatic(api),
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
      const stored = ref.providerPaymentId
      if (stored?.startsWith(SUBSCRIPTION_REF) || stored?.startsWith(INSTALLMENT_REF)) {
        return automaticStatus(api, ref, stored)
      }
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
      const automatic = automaticEvent((body ?? {}) as Record<string, unknown>)
      if (automatic) return automatic
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
