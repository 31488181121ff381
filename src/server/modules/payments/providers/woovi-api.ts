import { z } from 'zod'
import { ProviderApiError, providerApi } from './provider-api.js'

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

/** Woovi's REST API (`Authorization: <AppID>`), only the calls the store makes. */
export function createWooviApi(opts: { apiUrl: string; appId: string; timeoutMs?: number }) {
  const call = providerApi({
    provider: 'Woovi',
    apiUrl: opts.apiUrl,
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

    /** The whole charge given back; `refundId` makes a retried request refund once. */
    async refundCharge(correlationID: string, refundId: string): Promise<WooviRefund> {
      const path = `/api/v1/charge/${encodeURIComponent(correlationID)}/refund`
      return (await call(RefundAnswer, 'POST', path, { correlationID: refundId })).refund
    },
  }
}

export type WooviApi = ReturnType<typeof createWooviApi>
