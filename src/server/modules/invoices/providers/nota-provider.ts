import type { WebhookInput } from '../../../providers/webhook-input.js'

/**
 * A nota fiscal de serviço (NFS-e) issuer: the owner's account at a provider that talks to the
 * municipality. The invoices module keeps one row per paid order and asks through this; the
 * order id is the reference every provider gets, so asking twice never makes two notas.
 */
export interface NotaRequest {
  orderId: string
  amountCents: number
  /** The order's payment at its PIX provider: a nota may be tied to it (Asaas). */
  payment: { provider: string; id: string | null }
  /** The service's description, then what was bought. */
  description: string
  serviceCode: string
  /** Percent (2.5 is 2,5 %). */
  issRate: number
  issWithheld: boolean
  /** The day the service was rendered (the payment's day, in Brasília). */
  effectiveDate: string
  /** Who takes the service: null document for a nota to an unidentified buyer. */
  buyer: { name: string; email: string; taxId: string | null; companyName: string | null }
}

export type NotaState =
  'processing' | 'authorized' | 'error' | 'cancelling' | 'cancelled' | 'cancel_denied'

export interface NotaAnswer {
  state: NotaState
  /** The provider's id of the nota (Asaas' inv_…; Focus NFe's is the order id itself). */
  providerRef: string
  number: string | null
  pdfUrl: string | null
  xmlUrl: string | null
  /** The provider's (or the municipality's) own words on an error or a refused cancellation. */
  message: string | null
}

export interface NotaRef {
  orderId: string
  providerRef: string | null
}

export interface NotaProvider {
  name: string
  /** Its name in the owner's messages. */
  label: string
  /** Issues the nota of this order, or answers the one already asked for with this reference. */
  issue(request: NotaRequest): Promise<NotaAnswer>
  /** The nota as the provider has it now; null when it has none for this order. */
  status(ref: NotaRef): Promise<NotaAnswer | null>
  /** Asks for its cancellation; answers the state after asking. */
  cancel(ref: NotaRef, reason: string): Promise<NotaAnswer>
  /**
   * A notification, verified, read as a hint: which order's nota to ask about (null: not about
   * a nota). Throws AppError('unauthorized') when forged.
   */
  parseWebhook(input: WebhookInput): Promise<NotaRef | null>
}
