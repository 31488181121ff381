import { createHash } from 'node:crypto'
import { z } from 'zod'
import { ProviderApiError, providerApi } from '../../../providers/provider-api.js'

/** The fields of a payment we decide on (PROVIDERS.md); the rest of the answer is ignored. */
const PaymentAnswer = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  external_reference: z.string().nullish(),
  transaction_amount: z.number(),
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({
          qr_code: z.string().nullish(),
          qr_code_base64: z.string().nullish(),
          ticket_url: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
})
export type MercadoPagoPayment = z.infer<typeof PaymentAnswer>

const RefundAnswer = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
})
export type MercadoPagoRefund = z.infer<typeof RefundAnswer>

const SearchAnswer = z.object({ results: z.array(PaymentAnswer) })

const PreferenceAnswer = z.object({
  id: z.string(),
  init_point: z.string(),
  sandbox_init_point: z.string().nullish(),
})
export type MercadoPagoPreference = z.infer<typeof PreferenceAnswer>

/**
 * The same key for the same operation on the same order, in UUID form: a retried request
 * (timeout, double click) returns the first payment instead of charging twice.
 */
export function idempotencyKey(operation: string, orderId: string): string {
  const hex = createHash('sha256').update(`${operation}:${orderId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** Mercado Pago's REST API, only the calls the store makes (PROVIDERS.md). */
export function createMercadoPagoApi(opts: {
  apiUrl: string
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
  accessToken: string
  timeoutMs?: number
}) {
  const request = providerApi({
    provider: 'Mercado Pago',
    apiUrl: opts.apiUrl,
    allowPrivate: opts.allowPrivate,
    headers: { authorization: `Bearer ${opts.accessToken}` },
    timeoutMs: opts.timeoutMs,
  })
  /** Every write carries its idempotency key: a retried request answers the first result. */
  const call = <T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    body?: { json: unknown; idempotencyKey: string },
    extraHeaders: Record<string, string> = {},
  ) =>
    request(
      schema,
      method,
      path,
      body?.json,
      body ? { 'x-idempotency-key': body.idempotencyKey, ...extraHeaders } : extraHeaders,
    )

  return {
    createPayment: (json: unknown, key: string) =>
      call(PaymentAnswer, 'POST', '/v1/payments', { json, idempotencyKey: key }),

    /** The payment, or null when Mercado Pago does not know it. */
    async getPayment(id: string): Promise<MercadoPagoPayment | null> {
      try {
        return await call(PaymentAnswer, 'GET', `/v1/payments/${encodeURIComponent(id)}`)
      } catch (error) {
        if (error instanceof ProviderApiError && error.status === 404) return null
        throw error
      }
    },

    /** Payments made for one order (card payments, whose id we learn only from them). */
    async searchByReference(externalReference: string): Promise<MercadoPagoPayment[]> {
      const query = new URLSearchParams({ external_reference: externalReference })
      return (await call(SearchAnswer, 'GET', `/v1/payments/search?${query}`)).results
    },

    /**
     * A refund of the whole payment (no amount: Mercado Pago gives everything back). A PIX
     * devolução still in process would answer 400 without X-Render-In-Process-Refunds; with it,
     * 201 and status `in_process`, which is an accepted refund.
     */
    createRefund: (paymentId: string, key: string) =>
      call(
        RefundAnswer,
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        { json: {}, idempotencyKey: key },
        { 'x-render-in-process-refunds': 'true' },
      ),

    createPreference: (json: unknown, key: string) =>
      call(PreferenceAnswer, 'POST', '/checkout/preferences', { json, idempotencyKey: key }),
  }
}

export type MercadoPagoApi = ReturnType<typeof createMercadoPagoApi>
