import { z } from 'zod'
import { ProviderApiError, providerApi } from '../../../providers/provider-api.js'

/** The fields of a charge we decide on (docs/PROVIDERS.md); the rest of the answer is ignored. */
const Charge = z.object({
  correlationID: z.string(),
  status: z.string(),
  value: z.number().int(),
  brCode: z.string().nullish(),
  qrCodeImage: z.string().nullish(),
  paymentLinkUrl: z.string().nullish(),
  transactionID: z.string().nullish(),
})
export type WooviCharge = z.infer<typeof Charge>

const ChargeAnswer = z.object({ charge: Charge })
const RefundAnswer = z.object({
  refund: z.object({ status: z.string(), value: z.number().int(), correlationID: z.string() }),
})
export type WooviRefund = z.infer<typeof RefundAnswer>['refund']
const RefundList = z.object({
  refunds: z.array(z.object({ status: z.string(), value: z.number().int() })),
})

/**
 * A PIX Automático subscription (https://developers.woovi.com/docs/pix-automatic/pix-automatic-how-to-create):
 * `globalID` names it in the other calls; `pixRecurring.emv` is the journey-3 QR code and its
 * `status` turns APPROVED when the payer reads it (and pays the first installment).
 */
const Subscription = z.object({
  globalID: z.string(),
  correlationID: z.string().nullish(),
  value: z.number().int(),
  status: z.string(),
  pixRecurring: z.object({ emv: z.string().nullish(), status: z.string() }).nullish(),
})
export type WooviSubscription = z.infer<typeof Subscription>
const SubscriptionAnswer = z.object({ subscription: Subscription })
/**
 * One cycle of a subscription, with its recurring charge (`cobr`) once created
 * (https://developers.woovi.com/docs/pix-automatic/pix-api-routes, "Buscar os dados de uma parcela").
 */
const Installment = z.object({
  globalID: z.string(),
  installmentNumber: z.number().int(),
  value: z.number().int(),
  status: z.string(),
  cobr: z.object({ status: z.string(), value: z.number().int().nullish() }).nullish(),
})
export type WooviInstallment = z.infer<typeof Installment>
const InstallmentList = z.object({ installments: z.array(Installment) })

/** Woovi's REST API (`Authorization: <AppID>`), only the calls the store makes. */
export function createWooviApi(opts: {
  apiUrl: string
  appId: string
  timeoutMs?: number
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
}) {
  const call = providerApi({
    provider: 'Woovi',
    apiUrl: opts.apiUrl,
    allowPrivate: opts.allowPrivate,
    headers: { authorization: opts.appId },
    timeoutMs: opts.timeoutMs,
  })

  return {
    /** A dynamic PIX charge; the same correlationID twice answers the first charge. */
    async createCharge(body: {
      correlationID: string
      value: number
      comment: string
      expiresIn: number
    }): Promise<WooviCharge> {
      return (await call(ChargeAnswer, 'POST', '/api/v1/charge', body)).charge
    },

    /** The charge by its correlationID, or null when Woovi does not know it. */
    async getCharge(correlationID: string): Promise<WooviCharge | null> {
      try {
        const path = `/api/v1/charge/${encodeURIComponent(correlationID)}`
        return (await call(ChargeAnswer, 'GET', path)).charge
      } catch (error) {
        if (error instanceof ProviderApiError && error.status === 404) return null
        throw error
      }
    },

    /**
     * The refunds of a charge, made by the store or by the payer's bank (a MED fraud refund):
     * GET /api/v1/charge/{correlationID}/refund
     * (https://developers.woovi.com/docs/refund/charge-refund-get-all-api).
     */
    async chargeRefunds(correlationID: string): Promise<{ status: string; value: number }[]> {
      const path = `/api/v1/charge/${encodeURIComponent(correlationID)}/refund`
      return (await call(RefundList, 'GET', path)).refunds
    },

    /** POST /api/v1/subscriptions with `type: PIX_RECURRING` (PIX Automático). */
    async createSubscription(body: Record<string, unknown>): Promise<WooviSubscription> {
      return (await call(SubscriptionAnswer, 'POST', '/api/v1/subscriptions', body)).subscription
    },

    /** GET /api/v1/subscriptions/{globalID}, or null when Woovi does not know it. */
    async getSubscription(id: string): Promise<WooviSubscription | null> {
      try {
        const path = `/api/v1/subscriptions/${encodeURIComponent(id)}`
        return (await call(SubscriptionAnswer, 'GET', path)).subscription
      } catch (error) {
        if (error instanceof ProviderApiError && error.status === 404) return null
        throw error
      }
    },

    /** PUT /api/v1/subscriptions/{globalID}/cancel: no further debit. */
    async cancelSubscription(id: string): Promise<void> {
      const path = `/api/v1/subscriptions/${encodeURIComponent(id)}/cancel`
      await call(SubscriptionAnswer, 'PUT', path, {})
    },

    /** GET /api/v1/subscriptions/{globalID}/installments. */
    async installments(id: string): Promise<WooviInstallment[]> {
      const path = `/api/v1/subscriptions/${encodeURIComponent(id)}/installments`
      return (await call(InstallmentList, 'GET', path)).installments
    },

    /** GET /api/v1/installments/{globalID}, or null when Woovi does not know it. */
    async getInstallment(id: string): Promise<WooviInstallment | null> {
      try {
        return await call(Installment, 'GET', `/api/v1/installments/${encodeURIComponent(id)}`)
      } catch (error) {
        if (error instanceof ProviderApiError && error.status === 404) return null
        throw error
      }
    },

    /**
     * POST /api/v1/installments/{globalID}/cobr: the installment's recurring charge, made by the
     * store 5 to 10 days before its date, with this cycle's value
     * (https://developers.woovi.com/docs/pix-automatic/pix-automatic-cobr-manual).
     */
    async createCobr(id: string, value: number): Promise<void> {
      const path = `/api/v1/installments/${encodeURIComponent(id)}/cobr`
      await call(z.unknown(), 'POST', path, { value })
    },

    /** The whole charge given back; `refundId` makes a retried request refund once. */
    async refundCharge(correlationID: string, refundId: string): Promise<WooviRefund> {
      const path = `/api/v1/charge/${encodeURIComponent(correlationID)}/refund`
      return (await call(RefundAnswer, 'POST', path, { correlationID: refundId })).refund
    },
  }
}

export type WooviApi = ReturnType<typeof createWooviApi>
