import { AppError } from '../../../errors.js'
import { sameSecret } from '../../../lib/same-secret.js'
import { centsOf, reaisOf, type AsaasApi, type AsaasPayment } from './asaas-api.js'
import { refundOutcome, type ChargeRef, type PixProvider } from './pix-provider.js'
import { providerSaidNo } from './provider-api.js'

/** Asaas' statuses of a PIX that arrived (CONFIRMED: paid, balance not yet released). */
const PAID = new Set(['RECEIVED', 'CONFIRMED'])
/**
 * A paid PIX given back, or certain to be (the devolução is scheduled), or contested: a
 * chargeback or a PIX fraud refund (MED) the payer's bank asked for holds the money until
 * decided, so the materials are not left open meanwhile
 * (https://docs.asaas.com/docs/webhook-para-cobrancas: PAYMENT_CHARGEBACK_REQUESTED, …).
 */
const REVERSED = new Set([
  'REFUNDED',
  'REFUND_IN_PROGRESS',
  'REFUND_REQUESTED',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
])
const REFUSED_REFUNDS = new Set(['CANCELLED'])

/** Events that may mean "paid" or "given back": the payment is read from Asaas all the same. */
const PAYMENT_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED'])
const REVERSAL_EVENTS = new Set([
  'PAYMENT_REFUNDED',
  'PAYMENT_REFUND_IN_PROGRESS',
  'PAYMENT_CHARGEBACK_REQUESTED',
  'PAYMENT_CHARGEBACK_DISPUTE',
  'PAYMENT_AWAITING_CHARGEBACK_REVERSAL',
])

const forThisOrder = (payment: AsaasPayment, ref: ChargeRef) =>
  payment.externalReference === ref.orderId &&
  (ref.providerPaymentId === null || payment.id === ref.providerPaymentId)

/** Asaas' answer pays an order only when received, for that order, for its amount, not deleted. */
export function asaasPaysOrder(payment: AsaasPayment, ref: ChargeRef): boolean {
  return (
    PAID.has(payment.status) &&
    !payment.deleted &&
    forThisOrder(payment, ref) &&
    centsOf(payment.value) === ref.amountCents
  )
}

/** The charge's day in Brasília: Asaas' dueDate has no time, and its day is Brazil's. */
export function brasiliaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)
}

export interface AsaasOptions {
  /** The token the owner typed when registering the webhook at Asaas; '' refuses every delivery. */
  webhookToken: string
}

/** Dynamic PIX through Asaas: paid on an authenticated webhook or a status re-check. */
export function asaasProvider(api: AsaasApi, opts: AsaasOptions): PixProvider {
  return {
    name: 'asaas',
    label: 'Asaas',
    isDemo: false,
    remote: true,
    reportsReversals: true,
    needsTaxId: true,
    async createCharge(request) {
      const { payer } = request
      if (!payer.taxId) throw new Error('Asaas needs the payer’s CPF or CNPJ')
      const customer = await api.customerFor({
        name: `${payer.firstName} ${payer.lastName}`.trim(),
        email: payer.email,
        cpfCnpj: payer.taxId,
      })
      const payment = await api.createPayment({
        customer,
        value: reaisOf(request.amountCents),
        dueDate: brasiliaDay(request.expiresAt),
        description: request.description.slice(0, 500),
        externalReference: request.orderId,
      })
      let qr
      try {
        qr = await api.pixQrCode(payment.id)
      } catch (error) {
        // The order is cancelled when no code comes back: its charge must not stay payable.
        await api.deletePayment(payment.id).catch(() => false)
        throw error
      }
      return {
        qrCode: qr.payload,
        // Drawn by the store from the same copia-e-cola, as after a reload of the page.
        qrCodeBase64: null,
        ticketUrl: payment.invoiceUrl ?? null,
        providerPaymentId: payment.id,
      }
    },

    async getStatus(ref) {
      if (!ref.providerPaymentId) return { state: 'pending' }
      // One charge per order: a notification of another payment is not about this order.
      if (ref.notifiedPaymentId && ref.notifiedPaymentId !== ref.providerPaymentId) {
        return { state: 'failed' }
      }
      const payment = await api.getPayment(ref.providerPaymentId)
      if (!payment || !forThisOrder(payment, ref)) return { state: 'pending' }
      if (asaasPaysOrder(payment, ref)) return { state: 'approved', providerPaymentId: payment.id }
      if (REVERSED.has(payment.status)) return { state: 'reversed' }
      return { state: payment.deleted ? 'failed' : 'pending' }
    },

    async refund(ref) {
      if (!ref.providerPaymentId) return { state: 'refused', detail: 'pedido sem pagamento' }
      const id = ref.providerPaymentId
      return refundOutcome(async () => {
        const payment = await api.refundPayment(id, `Reembolso do pedido ${ref.orderId}`)
        // The devolução's own status when Asaas lists it, else the payment's.
        return { status: payment.refunds?.at(-1)?.status ?? payment.status }
      }, REFUSED_REFUNDS)
    },

    async cancelCharge(ref) {
      if (!ref.providerPaymentId) return
      try {
        await api.deletePayment(ref.providerPaymentId)
      } catch (error) {
        // 4xx: already paid (only pending or overdue charges can be removed) or already gone.
        if (providerSaidNo(error)) return
        throw error
      }
    },

    async parseWebhook(input) {
      const header = input.headers['asaas-access-token']
      const token = Array.isArray(header) ? header[0] : header
      if (!sameSecret(token, opts.webhookToken)) {
        throw new AppError('unauthorized', 'Token inválido')
      }
      const body = input.body as {
        event?: unknown
        payment?: { id?: unknown; externalReference?: unknown }
      } | null
      const event = body?.event
      const id = body?.payment?.id
      const orderId = body?.payment?.externalReference
      if (typeof event !== 'string') return null
      const kind = PAYMENT_EVENTS.has(event)
        ? 'paid'
        : REVERSAL_EVENTS.has(event)
          ? 'reversed'
          : null
      if (!kind || typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null
      if (typeof orderId !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null
      return { orderRef: orderId, chargeRef: id, kind, providerPaymentId: id }
    },
  }
}
