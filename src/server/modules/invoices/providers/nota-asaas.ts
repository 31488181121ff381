/**
 * The nota fiscal through Asaas' invoices API (the same account, key and address as its PIX):
 * - schedule: POST /v3/invoices tied to the order's payment when Asaas charged it, else to the
 *   buyer as an Asaas customer (https://docs.asaas.com/docs/emitindo-notas-fiscais-de-servico,
 *   https://docs.asaas.com/reference/agendar-nota-fiscal);
 * - the order id goes as `externalReference`, and GET /v3/invoices?externalReference= finds a
 *   nota already asked for, so a retry after a lost answer never schedules a second one;
 * - status: GET /v3/invoices/{id}; the webhook's INVOICE_* events
 *   (https://docs.asaas.com/docs/webhook-para-notas-fiscais) are a hint to ask again;
 * - cancel: POST /v3/invoices/{id}/cancel.
 */
import { z } from 'zod'
import { AppError } from '../../../errors.js'
import { sameSecret } from '../../../lib/same-secret.js'
import { reaisOf, type AsaasApi } from '../../../providers/asaas-api.js'
import type { NotaAnswer, NotaProvider, NotaState } from './nota-provider.js'
import { providerApi, ProviderApiError } from '../../../providers/provider-api.js'

const Invoice = z.object({
  id: z.string(),
  status: z.string(),
  statusDescription: z.string().nullish(),
  number: z.union([z.string(), z.number()]).nullish(),
  pdfUrl: z.string().nullish(),
  xmlUrl: z.string().nullish(),
  externalReference: z.string().nullish(),
})
type Invoice = z.infer<typeof Invoice>
const InvoiceList = z.object({ data: z.array(Invoice) })

/** Asaas' statuses (SCHEDULED, SYNCHRONIZED, AUTHORIZED, …) in the store's words. */
const STATES: Record<string, NotaState> = {
  SCHEDULED: 'processing',
  SYNCHRONIZED: 'processing',
  AUTHORIZED: 'authorized',
  PROCESSING_CANCELLATION: 'cancelling',
  CANCELED: 'cancelled',
  CANCELLATION_DENIED: 'cancel_denied',
  ERROR: 'error',
}

function answerOf(invoice: Invoice): NotaAnswer {
  const state = STATES[invoice.status] ?? 'processing'
  return {
    state,
    providerRef: invoice.id,
    number: invoice.number == null ? null : String(invoice.number),
    pdfUrl: invoice.pdfUrl ?? null,
    xmlUrl: invoice.xmlUrl ?? null,
    message:
      state === 'error' || state === 'cancel_denied' ? (invoice.statusDescription ?? null) : null,
  }
}

export function asaasNotaProvider(opts: {
  apiUrl: string
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
  apiKey: string
  webhookToken: string
  customers: AsaasApi
}): NotaProvider {
  const call = providerApi({
    provider: 'Asaas',
    apiUrl: opts.apiUrl,
    allowPrivate: opts.allowPrivate,
    headers: { access_token: opts.apiKey, 'user-agent': 'loja-materiais' },
  })
  const path = (id: string) => `/invoices/${encodeURIComponent(id)}`

  /** The live nota already asked for this order (a cancelled one does not count). */
  async function existing(orderId: string): Promise<Invoice | null> {
    const list = await call(
      InvoiceList,
      'GET',
      `/invoices?externalReference=${encodeURIComponent(orderId)}&limit=10`,
    )
    return list.data.find((i) => i.status !== 'CANCELED' && i.status !== 'ERROR') ?? null
  }

  return {
    name: 'asaas',
    label: 'Asaas',

    async issue(request) {
      const found = await existing(request.orderId)
      if (found) return answerOf(found)
      const tied =
        request.payment.provider === 'asaas' && request.payment.id
          ? { payment: request.payment.id }
          : null
      let origin: { payment: string } | { customer: string }
      if (tied) origin = tied
      else if (request.buyer.taxId) {
        origin = {
          customer: await opts.customers.customerFor({
            name: request.buyer.companyName ?? request.buyer.name,
            email: request.buyer.email,
            cpfCnpj: request.buyer.taxId,
          }),
        }
      } else {
        // A nota apart from a charge needs a customer, and Asaas' customers need a document.
        return {
          state: 'error',
          providerRef: '',
          number: null,
          pdfUrl: null,
          xmlUrl: null,
          message: 'A Asaas só emite nota sem CPF/CNPJ para pedidos pagos pela própria Asaas',
        }
      }
      const invoice = await call(Invoice, 'POST', '/invoices', {
        ...origin,
        serviceDescription: request.description.slice(0, 1000),
        observations: `Pedido ${request.orderId}`,
        value: reaisOf(request.amountCents),
        deductions: 0,
        effectiveDate: request.effectiveDate,
        municipalServiceCode: request.serviceCode,
        municipalServiceName: request.description.slice(0, 250),
        externalReference: request.orderId,
        taxes: {
          retainIss: request.issWithheld,
          iss: request.issRate,
          cofins: 0,
          csll: 0,
          inss: 0,
          ir: 0,
          pis: 0,
        },
      })
      return answerOf(invoice)
    },

    async status(ref) {
      if (ref.providerRef) {
        try {
          return answerOf(await call(Invoice, 'GET', path(ref.providerRef)))
        } catch (error) {
          if (!(error instanceof ProviderApiError && error.status === 404)) throw error
        }
      }
      const found = await existing(ref.orderId)
      return found && answerOf(found)
    },

    async cancel(ref) {
      const id = ref.providerRef ?? (await existing(ref.orderId))?.id
      if (!id) throw new Error('no nota at Asaas for this order')
      return answerOf(await call(Invoice, 'POST', `${path(id)}/cancel`, {}))
    },

    async parseWebhook(input) {
      const header = input.headers['asaas-access-token']
      const token = Array.isArray(header) ? header[0] : header
      if (!sameSecret(token, opts.webhookToken)) {
        throw new AppError('unauthorized', 'Token inválido')
      }
      const body = input.body as {
        event?: unknown
        invoice?: { id?: unknown; externalReference?: unknown }
      } | null
      if (typeof body?.event !== 'string' || !body.event.startsWith('INVOICE_')) return null
      const id = body.invoice?.id
      const orderId = body.invoice?.externalReference
      if (typeof orderId !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return null
      return {
        orderId,
        providerRef: typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null,
      }
    },
  }
}
