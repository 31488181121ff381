import type { PaymentProviderName } from '../../../../contracts/checkout.js'
import { providerSaidNo } from '../../../providers/provider-api.js'
import type { WebhookInput } from '../../../providers/webhook-input.js'

/** What a provider needs to charge one order. */
export interface ChargeRequest {
  orderId: string
  amountCents: number
  description: string
  /** `taxId`: the payer's CPF/CNPJ (digits), asked only when the provider needs it (Asaas). */
  payer: { email: string; firstName: string; lastName: string; taxId?: string | undefined }
  expiresAt: Date
}

export interface PixCharge {
  /** The copy-paste BR Code. */
  qrCode: string
  /** The provider's own PNG (base64, no data: prefix) when it made one; else we render qrCode. */
  qrCodeBase64: string | null
  ticketUrl: string | null
  providerPaymentId: string | null
}

/** A stored order as a provider looks it up. */
export interface ChargeRef {
  orderId: string
  amountCents: number
  /** The payment the order stored (its own; a reversal counts only for this one). */
  providerPaymentId: string | null
  /** The payment a verified notification named, when it may differ from the stored one. */
  notifiedPaymentId?: string
}

/**
 * The provider's word on a payment: only `approved` for this order's amount pays it;
 * `reversed`: it was paid and has been given back (a refund made in the provider's panel).
 */
export type PaymentCheck =
  { state: 'approved'; providerPaymentId: string } | { state: 'pending' | 'failed' | 'reversed' }

export type { WebhookInput } from '../../../providers/webhook-input.js'

/** The provider's answer to a refund of the whole payment. */
export type RefundResult = { state: 'accepted' } | { state: 'refused'; detail: string }

/**
 * Reads a provider's refund call the same way for every provider: a refund in a `refused`
 * status, or the provider's own 'no' (a 4xx: already refunded, too old, no balance), is a
 * refusal the owner sees; anything else it throws (an outage) is thrown on, so nothing changes.
 */
export async function refundOutcome(
  ask: () => Promise<{ status: string }>,
  refused: ReadonlySet<string>,
): Promise<RefundResult> {
  try {
    const refund = await ask()
    return refused.has(refund.status)
      ? { state: 'refused', detail: `devolução ${refund.status}` }
      : { state: 'accepted' }
  } catch (error) {
    if (providerSaidNo(error)) return { state: 'refused', detail: error.message }
    throw error
  }
}

/**
 * A verified notification as one internal event (decision 023): which order (`orderRef`, the
 * store's id) or which charge (`chargeRef`, the provider's payment id, when the notification
 * names only that), and what it is about: `paid` (look whether it pays the order), `reversed`
 * (look whether the payment went back) or `expired`. It is a hint only: the payment pipeline
 * asks `getStatus` before anything changes, never acting on a notification's body.
 */
export interface PaymentEvent {
  orderRef?: string
  chargeRef?: string
  /** `refused`: a PIX Automático debit the payer's bank did not make. */
  kind: 'paid' | 'reversed' | 'expired' | 'refused'
  providerPaymentId: string
}

/** What PIX Automático's journey 3 needs: the first cycle's charge and the recurrence's terms. */
export interface AuthorisationRequest extends ChargeRequest {
  /** The payer's CPF/CNPJ is required by both providers for a recurrence. */
  payer: ChargeRequest['payer'] & { taxId: string; whatsapp?: string }
  interval: 'month' | 'year'
  /** The day the recurrence starts (the first cycle's day). */
  startDate: Date
}

/** One cycle's debit under an authorisation, due on `dueDate`. */
export interface DebitRequest extends ChargeRequest {
  payer: ChargeRequest['payer'] & { taxId: string }
  authorisationId: string
  dueDate: Date
}

/**
 * PIX Automático, journey 3: one QR code pays the first cycle and authorises the
 * debits of the next ones; each cycle's debit is scheduled before its due date; the
 * authorisation is revoked when the subscriber cancels. Each debit is then an ordinary payment
 * of its order: `getStatus` and the webhooks tell when it is paid (or refused).
 */
export interface PixAutomatic {
  authorise(request: AuthorisationRequest): Promise<{ authorisationId: string; charge: PixCharge }>
  scheduleDebit(request: DebitRequest): Promise<{ providerPaymentId: string }>
  /** Revokes at the provider; an authorisation already gone counts as revoked. */
  revoke(authorisationId: string): Promise<void>
}

/**
 * One PIX provider (DESIGN.md): static BR Code, Mercado Pago, Woovi, Asaas or demo. The checkout and the
 * payment checks talk to this and never to a provider directly.
 */
export interface PixProvider {
  readonly name: PaymentProviderName
  /** Demo only: the customer's own confirmation completes the order. */
  readonly isDemo: boolean
  /** Remote providers are called after the order is stored; local ones build the code first. */
  readonly remote: boolean
  /** Static only: who receives the PIX, as the owner wrote it, shown to the buyer. */
  readonly recipientName?: string
  createCharge(request: ChargeRequest): Promise<PixCharge>
  getStatus(ref: ChargeRef): Promise<PaymentCheck>
  /**
   * Gives the whole payment back through the provider (a PIX 'devolução'): 'accepted' once the
   * provider took it. Throws when the provider cannot be reached. Absent: the store's own key,
   * whose money only the owner can send back.
   */
  refund?(ref: ChargeRef): Promise<RefundResult>
  /**
   * Makes an unpaid charge unpayable at the provider (Asaas, whose due date is a whole day,
   * would otherwise take the PIX until midnight). Best-effort: throws only when the provider
   * cannot be reached; a charge already paid or gone is left as it is.
   */
  cancelCharge?(ref: ChargeRef): Promise<void>
  /**
   * Verifies a notification and reads it as one event, or null when it is about nothing the
   * store acts on; throws AppError('unauthorized') when forged (before calling the provider).
   */
  parseWebhook?(input: WebhookInput, nowMs: number): Promise<PaymentEvent | null>
  /** The name the owner knows it by, in messages ('O Mercado Pago recusou…'); none: local. */
  readonly label?: string
  /** Whether `getStatus` tells a payment given back (`reversed`): paid orders are re-checked. */
  readonly reportsReversals?: boolean
  /** Whether it charges only a payer with a CPF/CNPJ (asked at checkout). */
  readonly needsTaxId?: boolean
  /** PIX Automático, when the provider offers it (Woovi, Asaas). */
  readonly automatic?: PixAutomatic
}
