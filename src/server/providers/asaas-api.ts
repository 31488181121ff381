import { z } from 'zod'
import { ProviderApiError, providerApi } from './provider-api.js'

export const ASAAS_PRODUCTION_URL = 'https://api.asaas.com/v3'
export const ASAAS_SANDBOX_URL = 'https://api-sandbox.asaas.com/v3'

/** Where a key works: sandbox keys start `$aact_hmlg_`; ASAAS_API_URL, when set, wins. */
export function asaasApiUrl(apiKey: string, configured: string | undefined): string {
  if (configured) return configured
  return apiKey.startsWith('$aact_hmlg_') ? ASAAS_SANDBOX_URL : ASAAS_PRODUCTION_URL
}

/** The fields of a payment the store decides on (docs/PROVIDERS.md, "Asaas"); the rest is ignored. */
const Payment = z.object({
  id: z.string(),
  status: z.string(),
  /** Reais, as a JSON number (29.9). */
  value: z.number(),
  externalReference: z.string().nullish(),
  deleted: z.boolean().nullish(),
  invoiceUrl: z.string().nullish(),
  refunds: z.array(z.object({ status: z.string() })).nullish(),
})
export type AsaasPayment = z.infer<typeof Payment>

const Customer = z.object({
  id: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  notificationDisabled: z.boolean().nullish(),
})
const CustomerList = z.object({ data: z.array(Customer) })
const QrCode = z.object({
  encodedImage: z.string(),
  payload: z.string(),
  expirationDate: z.string().nullish(),
})
export type AsaasQrCode = z.infer<typeof QrCode>
const Deleted = z.object({ deleted: z.boolean(), id: z.string() })
/**
 * A PIX Automático authorisation (https://docs.asaas.com/reference/create-an-automatic-pix-authorization):
 * its id, status (ACTIVE once the first payment settled), the store's `contractId`, and the
 * journey-3 QR code of the first payment (`immediateQrCode`).
 */
const Authorization = z.object({
  id: z.string(),
  status: z.string(),
  contractId: z.string().nullish(),
  immediateQrCode: z
    .object({
      payload: z.string().nullish(),
      conciliationIdentifier: z.string().nullish(),
      originalValue: z.number().nullish(),
    })
    .nullish(),
})
export type AsaasAuthorization = z.infer<typeof Authorization>

/** Asaas' amounts are reais with two places; the store counts centavos. */
export const reaisOf = (cents: number) => Math.round(cents) / 100
export const centsOf = (reais: number) => Math.round(reais * 100)

/**
 * Asaas' REST API v3 (`access_token: <API key>`), only the calls the store makes. Error texts
 * keep Asaas' own description, never the request: the body carries the buyer's CPF.
 */
export function createAsaasApi(opts: {
  apiUrl: string
  apiKey: string
  timeoutMs?: number
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
}) {
  const call = providerApi({
    provider: 'Asaas',
    apiUrl: opts.apiUrl,
    allowPrivate: opts.allowPrivate,
    // Asaas asks integrations to name themselves; requests without one may be refused.
    headers: { access_token: opts.apiKey, 'user-agent': 'loja-materiais' },
    timeoutMs: opts.timeoutMs,
  })

  const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`

  return {
    /**
     * The customer with this CPF/CNPJ, created when Asaas has none: a returning buyer is one
     * customer at Asaas, not one per order. Asaas' own notifications stay off (the store sends
     * its own messages, and each of Asaas' is charged to the owner), and a customer found by
     * CPF takes this buyer's name and e-mail: whoever used the CPF before must not hear of
     * this order (docs/PROVIDERS.md, "Asaas").
     */
    async customerFor(payer: { name: string; email: string; cpfCnpj: string }): Promise<string> {
      const found = (
        await call(
          CustomerList,
          'GET',
          `/customers?cpfCnpj=${encodeURIComponent(payer.cpfCnpj)}&limit=1`,
        )
      ).data[0]
      if (!found) {
        return (
          await call(Customer, 'POST', '/customers', { ...payer, notificationDisabled: true })
        ).id
      }
      const current =
        found.notificationDisabled === true &&
        found.name === payer.name &&
        found.email === payer.email
      if (!current) {
        await call(Customer, 'PUT', `/customers/${encodeURIComponent(found.id)}`, {
          name: payer.name,
          email: payer.email,
          notificationDisabled: true,
        })
      }
      return found.id
    },

    /**
     * A PIX charge; `dueDate` is a day (YYYY-MM-DD, Brasília), Asaas has no finer expiry. With
     * `pixAutomaticAuthorizationId`, the cycle's debit under a PIX Automático authorisation,
     * made by Asaas on the due date (https://docs.asaas.com/docs/pix-automatico-implementacao,
     * "Criar as cobranças recorrentes").
     */
    async createPayment(body: {
      customer: string
      value: number
      dueDate: string
      description: string
      externalReference: string
      pixAutomaticAuthorizationId?: string
    }): Promise<AsaasPayment> {
      return call(Payment, 'POST', '/payments', { ...body, billingType: 'PIX' })
    },

    /** The copia-e-cola and its PNG (base64) of a PIX charge. */
    async pixQrCode(id: string): Promise<AsaasQrCode> {
      return call(QrCode, 'GET', `${paymentPath(id)}/pixQrCode`)
    },

    /** The payment, or null when Asaas does not know it. */
    async getPayment(id: string): Promise<AsaasPayment | null> {
      try {
        return await call(Payment, 'GET', paymentPath(id))
      } catch (error) {
        if (error instanceof ProviderApiError && error.status === 404) return null
        throw error
      }
    },

    /** The whole payment given back (no `value`); answers the payment as Asaas now has it. */
    async refundPayment(id: string, description: string): Promise<AsaasPayment> {
      return call(Payment, 'POST', `${paymentPath(id)}/refund`, { description })
    },

    /**
     * POST /v3/pix/automatic/authorizations with `immediateQrCode`: the journey-3 QR code that
     * pays the first cycle and authorises the next ones
     * (https://docs.asaas.com/reference/create-an-automatic-pix-authorization).
     */
    async createAuthorization(body: {
      customerId: string
      frequency: 'MONTHLY' | 'ANNUALLY'
      contractId: string
      startDate: string
      value: number
      description: string
      immediateQrCode: { expirationSeconds: number; originalValue: number; description: string }
    }): Promise<AsaasAuthorization> {
      return call(Authorization, 'POST', '/pix/automatic/authorizations', body)
    },

    /** The authorisation as Asaas has it now, or null when it does not know it. */
    async getAuthorization(id: string): Promise<AsaasAuthorization | null> {
      try {
        return await call(
          Authorization,
          'GET',
          `/pix/automatic/authorizations/${encodeURIComponent(id)}`,
        )
      } catch (error) {
        if (error instanceof ProviderApiError && error.status === 404) return null
        throw error
      }
    },

    /** Cancels the authorisation: Asaas debits nothing more under it. */
    async cancelAuthorization(id: string): Promise<AsaasAuthorization> {
      return call(
        Authorization,
        'DELETE',
        `/pix/automatic/authorizations/${encodeURIComponent(id)}`,
      )
    },

    /** Removes a charge awaiting payment: nobody can pay it any more. */
    async deletePayment(id: string): Promise<boolean> {
      return (await call(Deleted, 'DELETE', paymentPath(id))).deleted
    },
  }
}

export type AsaasApi = ReturnType<typeof createAsaasApi>
