import { z } from 'zod'

/** A failed call to Woovi; `status` 0 when it never answered. */
export class WooviError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'WooviError'
  }
}

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Woovi's REST API (`Authorization: <AppID>`), only the calls the store makes. */
export function createWooviApi(opts: { apiUrl: string; appId: string; timeoutMs?: number }) {
  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: opts.appId }
    if (json !== undefined) headers['content-type'] = 'application/json'
    let res: Response
    try {
      res = await fetch(`${opts.apiUrl}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw new WooviError(0, `Woovi unreachable: ${(error as Error).message}`)
    }
    const text = await res.text()
    if (!res.ok) throw new WooviError(res.status, `Woovi ${res.status}: ${text.slice(0, 300)}`)
    const parsed = schema.safeParse(parseJson(text))
    if (!parsed.success) throw new WooviError(res.status, 'Woovi answer not understood')
    return parsed.data
  }

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
        if (error instanceof WooviError && error.status === 404) return null
        throw error
      }
    },

    /** The whole charge given back; `refundId` makes a retried request refund once. */
    async refundCharge(correlationID: string, refundId: string): Promise<WooviRefund> {
      const path = `/api/v1/charge/${encodeURIComponent(correlationID)}/refund`
      return (await call(RefundAnswer, 'POST', path, { correlationID: refundId })).refund
    },
  }
}

export type WooviApi = ReturnType<typeof createWooviApi>
