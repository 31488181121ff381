import { AppError } from '../../../errors.js'
import { sameSecret } from '../../../lib/same-secret.js'
import { centsOf, reaisOf, type AsaasApi, type AsaasPayment } from '../../../providers/asaas-api.js'
import {
  refundOutcome,
  type ChargeRef,
  type PixAutomatic,
  type PixProvider,
} from './pix-provider.js'
import { providerSaidNo } from '../../../providers/provider-api.js'

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

/**
 * PIX Automático's events (https://docs.asaas.com/docs/eventos-para-pix-automático): the
 * authorisation activated (its first payment settled: the first cycle's order is paid), and a
 * cycle's payment instruction refused by the payer's bank (the store falls back to a PIX).
 */
const AUTHORISATION_ACTIVATED = 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED'
const INSTRUCTION_REFUSED = 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED'
/** The first cycle's order is paid by the authorisation's QR code: its ref names the authorisation. */
export const AUTHORISATION_REF = 'pixauto:'
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/

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

/** Asaas' PIX Automático, journey 3 (https://docs.asaas.com/docs/pix-automatico). */
function asaasAutomatic(api: AsaasApi): PixAutomatic {
  const customerOf = (payer: {
    firstName: string
    lastName: string
    email: string
    taxId: string
  }) =>
    api.customerFor({
      name: `${payer.firstName} ${payer.lastName}`.trim(),
      email: payer.email,
      cpfCnpj: payer.taxId,
    })
  return {
    async authorise(request) {
      const customerId = await customerOf(request.payer)
      const value = reaisOf(request.amountCents)
      const authorization = await api.createAuthorization({
        customerId,
        frequency: request.interval === 'year' ? 'ANNUALLY' : 'MONTHLY',
        // The first cycle's order: the activation names it back (35 characters at most).
        contractId: request.orderId,
        startDate: brasiliaDay(request.startDate),
        value,
        // Asaas takes 35 characters here: what the payer's bank shows.
        description: request.description.slice(0, 35),
        immediateQrCode: {
          expirationSeconds: Math.max(
            60,
            Math.round((request.expiresAt.getTime() - Date.now()) / 1000),
          ),
          originalValue: value,
          description: request.description.slice(0, 35),
        },
      })
      const payload = authorization.immediateQrCode?.payload
      if (!payload) throw new Error('Asaas answered an authorisation without a QR code')
      return {
        authorisationId: authorization.id,
        charge: {
          qrCode: payload,
          qrCodeBase64: null,
          ticketUrl: null,
          providerPaymentId: `${AUTHORISATION_REF}${authorization.id}`,
        },
      }
    },

    async scheduleDebit(request) {
      const payment = await api.createPayment({
        customer: await customerOf(request.payer),
        value: reaisOf(request.amountCents),
        dueDate: brasiliaDay(request.dueDate),
        description: request.description.slice(0, 500),
        externalReference: request.orderId,
        pixAutomaticAuthorizationId: request.authorisationId,
      })
      return { providerPaymentId: payment.id }
    },

    async revoke(authorisationId) {
      try {
        await api.cancelAuthorization(authorisationId)
      } catch (error) {
        // 4xx: already cancelled, expired or unknown: nothing left to debit.
        if (providerSaidNo(error)) return
        throw error
      }
    },
  }
}

/** The first cycle's payment: the authorisation active for that order and amount. */
async function authorisationStatus(api: AsaasApi, ref: ChargeRef, id: string) {
  const authorization = await api.getAuthorization(id)
  if (!authorization || authorization.contractId !== ref.orderId)
    return { state: 'pending' as const }
  const value = authorization.immediateQrCode?.originalValue
  if (authorization.status === 'ACTIVE' && value != null && centsOf(value) === ref.amountCents) {
    return { state: 'approved' as const, providerPaymentId: `${AUTHORISATION_REF}${id}` }
  }
  return {
    state: ['CANCELLED', 'EXPIRED', 'REFUSED'].includes(authorization.status)
      ? ('failed' as const)
      : ('pending' as const),
  }
}

/** Reads the PIX Automático events as the pipeline's events; null for any other. */
function automaticEvent(body: Record<string, unknown>) {
  if (body.event === AUTHORISATION_ACTIVATED) {
    const authorization = body.authorization as { id?: unknown; contractId?: unknown } | undefined
    const id = authorization?.id
    const orderId = authorization?.contractId
    if (typeof id !== 'string' || !SAFE_ID.test(id)) return null
    if (typeof orderId !== 'string' || !SAFE_ID.test(orderId)) return null
    const ref = `${AUTHORISATION_REF}${id}`
    return { orderRef: orderId, kind: 'paid' as const, providerPaymentId: ref }
  }
  if (body.event === INSTRUCTION_REFUSED) {
    // The instruction names its charge (https://docs.asaas.com/reference/retrieve-a-single-automatic-pix-payment-instruction);
    // read as `payment` (an id or the payment) or `paymentId`.
    const instruction = body.paymentInstruction as
      { payment?: unknown; paymentId?: unknown } | undefined
    const named = instruction?.payment ?? instruction?.paymentId
    const paymentId =
      typeof named === 'object' && named !== null ? (named as { id?: unknown }).id : named
    if (typeof paymentId !== 'string' || !SAFE_ID.test(paymentId)) return null
    return { chargeRef: paymentId, kind: 'refused' as const, providerPaymentId: paymentId }
  }
  return null
}

/** Dynamic PIX through Asaas: paid on an authenticated webhook or a status re-check. */
export function asaasProvider(api: AsaasApi, opts: AsaasOptions): PixProvider {
  return {
    automatic: asaasAutomatic(api),
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
      if (ref.providerPaymentId.startsWith(AUTHORISATION_REF)) {
        return authorisationStatus(api, ref, ref.providerPaymentId.slice(AUTHORISATION_REF.length))
      }
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
      const automatic = body && automaticEvent(body as Record<string, unknown>)
      if (automatic) return automatic
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
