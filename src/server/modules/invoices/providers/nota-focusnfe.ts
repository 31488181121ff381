/**
 * The nota fiscal through Focus NFe's API v2 (https://focusnfe.com.br/doc/#nfse), for any PIX
 * provider. Authenticated with the company's token as the HTTP Basic user. The order id is the
 * `ref` of every call, Focus NFe's own idempotency key:
 * - POST /v2/nfse?ref={order} with `prestador`, `tomador` and `servico`; processed
 *   asynchronously (answer: `processando_autorizacao`);
 * - GET /v2/nfse/{ref}: `autorizado` (with `numero`, `url` of the PDF and
 *   `caminho_xml_nota_fiscal`), `erro_autorizacao` (with `erros[].mensagem`) or `cancelado`;
 * - its webhook (gatilho, https://focusnfe.com.br/doc/#gatilhos-webhooks) posts that same
 *   document: read as a hint, the nota is asked for again;
 * - DELETE /v2/nfse/{ref} with a `justificativa` cancels.
 */
import { z } from 'zod'
import { reaisOf } from '../../../providers/asaas-api.js'
import type { NotaAnswer, NotaProvider, NotaState } from './nota-provider.js'
import { providerApi, ProviderApiError } from '../../../providers/provider-api.js'

const Errors = z.array(z.object({ codigo: z.string().nullish(), mensagem: z.string() })).nullish()
const Nfse = z.object({
  ref: z.string().nullish(),
  status: z.string(),
  numero: z.union([z.string(), z.number()]).nullish(),
  url: z.string().nullish(),
  caminho_xml_nota_fiscal: z.string().nullish(),
  mensagem_sefaz: z.string().nullish(),
  erros: Errors,
})
type Nfse = z.infer<typeof Nfse>

const STATES: Record<string, NotaState> = {
  processando_autorizacao: 'processing',
  autorizado: 'authorized',
  erro_autorizacao: 'error',
  cancelado: 'cancelled',
  erro_cancelamento: 'cancel_denied',
}

export function focusNfeNotaProvider(opts: {
  apiUrl: string
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
  token: string
  /** The seller's CNPJ, digits (the company the token belongs to). */
  sellerCnpj: string
}): NotaProvider {
  const call = providerApi({
    provider: 'Focus NFe',
    apiUrl: opts.apiUrl,
    allowPrivate: opts.allowPrivate,
    headers: { authorization: `Basic ${Buffer.from(`${opts.token}:`).toString('base64')}` },
  })
  const path = (ref: string) => `/v2/nfse/${encodeURIComponent(ref)}`
  /** The XML's path is relative to the API's address. */
  const absolute = (link: string | null | undefined) =>
    !link ? null : /^https?:\/\//.test(link) ? link : `${opts.apiUrl}${link}`

  function answerOf(ref: string, nfse: Nfse): NotaAnswer {
    const state = STATES[nfse.status] ?? 'processing'
    const words = nfse.erros?.map((e) => e.mensagem).join('; ') || nfse.mensagem_sefaz || null
    return {
      state,
      providerRef: ref,
      number: nfse.numero == null ? null : String(nfse.numero),
      pdfUrl: absolute(nfse.url),
      xmlUrl: absolute(nfse.caminho_xml_nota_fiscal),
      message: state === 'error' || state === 'cancel_denied' ? words : null,
    }
  }

  async function current(ref: string): Promise<NotaAnswer | null> {
    try {
      return answerOf(ref, await call(Nfse, 'GET', path(ref)))
    } catch (error) {
      if (error instanceof ProviderApiError && error.status === 404) return null
      throw error
    }
  }

  return {
    name: 'focusnfe',
    label: 'Focus NFe',

    async issue(request) {
      const ref = request.orderId
      // Asked before (its answer lost, or two instances): the one nota of this ref is answered.
      const before = await current(ref)
      if (before && before.state !== 'error') return before
      const { buyer } = request
      const document =
        buyer.taxId?.length === 14 ? { cnpj: buyer.taxId } : buyer.taxId ? { cpf: buyer.taxId } : {}
      const sent = await call(Nfse, 'POST', `/v2/nfse?ref=${encodeURIComponent(ref)}`, {
        data_emissao: new Date().toISOString(),
        prestador: { cnpj: opts.sellerCnpj },
        tomador: buyer.taxId
          ? { ...document, razao_social: buyer.companyName ?? buyer.name, email: buyer.email }
          : {},
        servico: {
          aliquota: request.issRate,
          discriminacao: request.description.slice(0, 2000),
          iss_retido: request.issWithheld,
          item_lista_servico: request.serviceCode,
          valor_servicos: reaisOf(request.amountCents),
        },
      })
      return answerOf(ref, sent)
    },

    status: (ref) => current(ref.orderId),

    async cancel(ref, reason) {
      // The justificativa has 15 to 255 characters at most municipalities.
      const justificativa = reason.padEnd(15, '.').slice(0, 255)
      return answerOf(ref.orderId, await call(Nfse, 'DELETE', path(ref.orderId), { justificativa }))
    },

    async parseWebhook(input) {
      const body = input.body as { ref?: unknown } | null
      const ref = body?.ref
      if (typeof ref !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(ref)) return null
      return { orderId: ref, providerRef: ref }
    },
  }
}
