/**
 * A local Asaas for tests: a real HTTP server speaking the API v3 wire format of
 * docs/PROVIDERS.md ("Asaas": customers by cpfCnpj, PIX payments, their QR code, refund and
 * removal, `access_token: <API key>`), and building webhook deliveries as Asaas sends them:
 * `{ id, event, dateCreated, payment }` with the owner's token in `asaas-access-token`.
 * Also its notas fiscais (https://docs.asaas.com/docs/emitindo-notas-fiscais-de-servico):
 * POST /v3/invoices tied to a `payment` or a `customer`, GET /v3/invoices?externalReference=,
 * GET /v3/invoices/{id}, POST /v3/invoices/{id}/cancel, and their INVOICE_* webhook events
 * (https://docs.asaas.com/docs/webhook-para-notas-fiscais).
 * And its PIX Automático, journey 3 (https://docs.asaas.com/docs/pix-automatico-implementacao):
 * authorisations with an immediate QR code, payments under an authorisation (each with its
 * payment instruction), the authorisation's cancellation, and the PIX_AUTOMATIC_RECURRING_*
 * webhook events (https://docs.asaas.com/docs/eventos-para-pix-automático).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isCnpj, isCpf } from '../../contracts/tax-id.js'
import { buildBrCode } from '../modules/payments/brcode.js'
import { readJsonBody } from './fake-http.js'

export interface FakeAsaasPayment {
  object: 'payment'
  id: string
  dateCreated: string
  customer: string
  value: number
  netValue: number
  description: string | null
  billingType: 'PIX'
  status:
    | 'PENDING'
    | 'RECEIVED'
    | 'CONFIRMED'
    | 'OVERDUE'
    | 'REFUNDED'
    | 'REFUND_IN_PROGRESS'
    | 'CHARGEBACK_REQUESTED'
  dueDate: string
  paymentDate: string | null
  invoiceUrl: string
  externalReference: string | null
  deleted: boolean
  refunds: { dateCreated: string; status: string; value: number; description: string }[] | null
  /** Set on a debit under a PIX Automático authorisation. */
  pixAutomaticAuthorizationId?: string | null
  /** Not sent by Asaas with the payment: the copia-e-cola its pixQrCode answers. */
  payload: string
}

/** https://docs.asaas.com/reference/create-an-automatic-pix-authorization (the answer's fields). */
export interface FakeAsaasAuthorization {
  id: string
  status: 'CREATED' | 'ACTIVE' | 'CANCELLED' | 'EXPIRED' | 'REFUSED'
  customerId: string
  contractId: string
  frequency: string
  startDate: string
  finishDate: string | null
  value: number | null
  description: string | null
  immediateQrCode: {
    payload: string
    encodedImage: string
    conciliationIdentifier: string
    originalValue: number
    expirationDate: string
  }
}

/** A cycle's debit order to the payer's bank (https://docs.asaas.com/docs/eventos-para-pix-automático). */
export interface FakeAsaasInstruction {
  id: string
  status: 'CREATED' | 'SCHEDULED' | 'REFUSED' | 'CANCELLED' | 'DONE'
  authorization: string
  payment: string
}

export interface FakeAsaasInvoice {
  object: 'invoice'
  id: string
  status:
    | 'SCHEDULED'
    | 'SYNCHRONIZED'
    | 'AUTHORIZED'
    | 'PROCESSING_CANCELLATION'
    | 'CANCELED'
    | 'CANCELLATION_DENIED'
    | 'ERROR'
  customer: string | null
  payment: string | null
  type: 'NFS-e'
  statusDescription: string | null
  serviceDescription: string
  pdfUrl: string | null
  xmlUrl: string | null
  number: string | null
  value: number
  effectiveDate: string
  externalReference: string | null
  municipalServiceCode: string | null
  taxes: Record<string, unknown>
}

export interface FakeAsaasCustomer {
  object: 'customer'
  id: string
  name: string
  email: string | null
  cpfCnpj: string
  /** Asaas' default is false: it e-mails/SMSes the customer about each charge. */
  notificationDisabled: boolean
}

export interface AsaasRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: unknown
}

/** Asaas' error shape: `{ errors: [{ code, description }] }`. */
const asaasError = (status: number, code: string, description: string) => ({
  status,
  body: { errors: [{ code, description }] },
})

const day = (d: Date) => d.toISOString().slice(0, 10)
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

export async function startFakeAsaas(opts: { apiKey?: string } = {}) {
  const apiKey = opts.apiKey ?? `$aact_hmlg_${randomBytes(24).toString('base64url')}`
  const customers = new Map<string, FakeAsaasCustomer>()
  const payments = new Map<string, FakeAsaasPayment>()
  const invoices = new Map<string, FakeAsaasInvoice>()
  const authorizations = new Map<string, FakeAsaasAuthorization>()
  const instructions = new Map<string, FakeAsaasInstruction>()
  let invoiceNumbers = 500
  const requests: AsaasRequest[] = []
  /** What Asaas would send (and bill the owner for) on each charge to a notified customer. */
  const notices: { email: string | null; paymentId: string; externalReference: string | null }[] =
    []
  let failures = 0
  let failAfter = 0
  let refundStatus = 'PENDING'

  const publicPayment = (p: FakeAsaasPayment) => {
    const { payload: _payload, ...rest } = p
    return rest
  }

  function createCustomer(body: Record<string, unknown>) {
    const cpfCnpj = typeof body.cpfCnpj === 'string' ? body.cpfCnpj.replace(/\D/g, '') : ''
    if (typeof body.name !== 'string' || !body.name.trim()) {
      return asaasError(400, 'invalid_name', 'O nome do cliente deve ser informado.')
    }
    if (!isCpf(cpfCnpj) && !isCnpj(cpfCnpj)) {
      return asaasError(400, 'invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.')
    }
    const customer: FakeAsaasCustomer = {
      object: 'customer',
      id: `cus_${randomBytes(6).toString('hex')}`,
      name: body.name,
      email: typeof body.email === 'string' ? body.email : null,
      cpfCnpj,
      notificationDisabled: body.notificationDisabled === true,
    }
    customers.set(customer.id, customer)
    return { status: 200, body: customer }
  }

  /** Only the fields sent change, as Asaas' update does. */
  function updateCustomer(customer: FakeAsaasCustomer, body: Record<string, unknown>) {
    if (body.name !== undefined) {
      if (typeof body.name !== 'string' || !body.name.trim()) {
        return asaasError(400, 'invalid_name', 'O nome do cliente deve ser informado.')
      }
      customer.name = body.name
    }
    if (typeof body.email === 'string') customer.email = body.email
    if (typeof body.notificationDisabled === 'boolean') {
      customer.notificationDisabled = body.notificationDisabled
    }
    return { status: 200, body: customer }
  }

  function createPayment(body: Record<string, unknown>) {
    if (typeof body.customer !== 'string' || !customers.has(body.customer)) {
      return asaasError(400, 'invalid_customer', 'Cliente inválido ou não informado.')
    }
    if (body.billingType !== 'PIX') {
      return asaasError(400, 'invalid_billingType', 'Forma de pagamento inválida.')
    }
    const value = body.value
    if (typeof value !== 'number' || value <= 0) {
      return asaasError(400, 'invalid_value', 'O valor da cobrança deve ser informado.')
    }
    if (typeof body.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.dueDate)) {
      return asaasError(400, 'invalid_dueDate', 'A data de vencimento deve ser informada.')
    }
    const authorizationId = body.pixAutomaticAuthorizationId
    if (authorizationId !== undefined) {
      const authorization =
        typeof authorizationId === 'string' ? authorizations.get(authorizationId) : undefined
      if (!authorization || authorization.status !== 'ACTIVE') {
        return asaasError(400, 'invalid_action', 'A autorização do Pix Automático não está ativa.')
      }
    }
    const now = new Date()
    const id = `pay_${randomBytes(8).toString('hex')}`
    const payment: FakeAsaasPayment = {
      object: 'payment',
      id,
      dateCreated: day(now),
      customer: body.customer,
      value,
      netValue: Math.round(value * 100 - 99) / 100,
      description: typeof body.description === 'string' ? body.description : null,
      billingType: 'PIX',
      status: 'PENDING',
      dueDate: body.dueDate,
      paymentDate: null,
      invoiceUrl: `https://sandbox.asaas.com/i/${id.slice(4)}`,
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      deleted: false,
      refunds: null,
      pixAutomaticAuthorizationId: typeof authorizationId === 'string' ? authorizationId : null,
      payload: buildBrCode({
        key: randomUUID(),
        name: 'ASAAS',
        city: 'JOINVILLE',
        amountCents: Math.round(value * 100),
        txid: id.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
      }),
    }
    payments.set(id, payment)
    if (typeof authorizationId === 'string') {
      const instruction: FakeAsaasInstruction = {
        id: randomUUID(),
        status: 'SCHEDULED',
        authorization: authorizationId,
        payment: id,
      }
      instructions.set(instruction.id, instruction)
    }
    const customer = customers.get(body.customer)!
    if (!customer.notificationDisabled) {
      notices.push({
        email: customer.email,
        paymentId: id,
        externalReference: payment.externalReference,
      })
    }
    return { status: 200, body: publicPayment(payment) }
  }

  function refund(payment: FakeAsaasPayment, body: Record<string, unknown>) {
    if (payment.deleted) return asaasError(404, 'not_found', 'Cobrança não encontrada.')
    if (payment.status !== 'RECEIVED' && payment.status !== 'CONFIRMED') {
      return asaasError(400, 'invalid_action', 'Somente cobranças recebidas podem ser estornadas.')
    }
    payment.refunds = [
      {
        dateCreated: stamp(new Date()),
        status: refundStatus,
        value: typeof body.value === 'number' ? body.value : payment.value,
        description: typeof body.description === 'string' ? body.description : '',
      },
    ]
    payment.status = refundStatus === 'DONE' ? 'REFUNDED' : 'REFUND_IN_PROGRESS'
    return { status: 200, body: publicPayment(payment) }
  }

  /** POST /v3/pix/automatic/authorizations (https://docs.asaas.com/reference/create-an-automatic-pix-authorization). */
  function createAuthorization(body: Record<string, unknown>) {
    if (typeof body.customerId !== 'string' || !customers.has(body.customerId)) {
      return asaasError(400, 'invalid_customer', 'Cliente inválido ou não informado.')
    }
    const frequencies = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'ANNUALLY']
    if (typeof body.frequency !== 'string' || !frequencies.includes(body.frequency)) {
      return asaasError(400, 'invalid_frequency', 'Frequência inválida.')
    }
    if (typeof body.contractId !== 'string' || !body.contractId || body.contractId.length > 35) {
      return asaasError(400, 'invalid_contractId', 'O identificador do contrato é inválido.')
    }
    if (typeof body.startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.startDate)) {
      return asaasError(400, 'invalid_startDate', 'A data de início deve ser informada.')
    }
    if (typeof body.description === 'string' && body.description.length > 35) {
      return asaasError(400, 'invalid_description', 'A descrição deve ter até 35 caracteres.')
    }
    const qr = body.immediateQrCode as { originalValue?: unknown } | undefined
    const value = qr?.originalValue
    if (typeof value !== 'number' || value <= 0) {
      return asaasError(400, 'invalid_immediateQrCode', 'Informe o valor do QR Code imediato.')
    }
    const id = randomUUID()
    const authorization: FakeAsaasAuthorization = {
      id,
      status: 'CREATED',
      customerId: body.customerId,
      contractId: body.contractId,
      frequency: body.frequency,
      startDate: body.startDate,
      finishDate: typeof body.finishDate === 'string' ? body.finishDate : null,
      value: typeof body.value === 'number' ? body.value : null,
      description: typeof body.description === 'string' ? body.description : null,
      immediateQrCode: {
        payload: buildBrCode({
          key: randomUUID(),
          name: 'ASAAS',
          city: 'JOINVILLE',
          amountCents: Math.round(value * 100),
          txid: id.replace(/-/g, '').slice(0, 25),
        }),
        encodedImage: Buffer.from('fake-png').toString('base64'),
        conciliationIdentifier: id.replace(/-/g, '').slice(0, 25),
        originalValue: value,
        expirationDate: stamp(new Date(Date.now() + 86_400_000)),
      },
    }
    authorizations.set(id, authorization)
    return { status: 200, body: authorization }
  }

  function authorizationRoute(method: string, path: string, body: Record<string, unknown>) {
    if (method === 'POST' && path === '/v3/pix/automatic/authorizations') {
      return createAuthorization(body)
    }
    const match = /^\/v3\/pix\/automatic\/authorizations\/([^/]+)$/.exec(path)
    const authorization = match ? authorizations.get(decodeURIComponent(match[1]!)) : undefined
    if (!authorization) return asaasError(404, 'not_found', 'Autorização não encontrada.')
    if (method === 'GET') return { status: 200, body: authorization }
    if (method === 'DELETE') {
      if (authorization.status !== 'ACTIVE' && authorization.status !== 'CREATED') {
        return asaasError(400, 'invalid_action', 'Esta autorização não pode ser cancelada.')
      }
      authorization.status = 'CANCELLED'
      for (const i of instructions.values()) {
        if (i.authorization === authorization.id && i.status === 'SCHEDULED') i.status = 'CANCELLED'
      }
      return { status: 200, body: authorization }
    }
    return asaasError(404, 'not_found', 'Recurso não encontrado.')
  }

  function createInvoice(body: Record<string, unknown>) {
    const payment = typeof body.payment === 'string' ? payments.get(body.payment) : undefined
    const customer = typeof body.customer === 'string' ? customers.get(body.customer) : undefined
    if (!payment && !customer) {
      return asaasError(400, 'invalid_object', 'Informe a cobrança ou o cliente da nota fiscal.')
    }
    if (typeof body.serviceDescription !== 'string' || typeof body.value !== 'number') {
      return asaasError(400, 'invalid_object', 'Descrição e valor da nota são obrigatórios.')
    }
    if (!body.municipalServiceId && !body.municipalServiceCode) {
      return asaasError(400, 'invalid_object', 'Informe o serviço municipal.')
    }
    const invoice: FakeAsaasInvoice = {
      object: 'invoice',
      id: `inv_${randomBytes(6).toString('hex')}`,
      status: 'SCHEDULED',
      customer: customer?.id ?? payment?.customer ?? null,
      payment: payment?.id ?? null,
      type: 'NFS-e',
      statusDescription: null,
      serviceDescription: body.serviceDescription,
      pdfUrl: null,
      xmlUrl: null,
      number: null,
      value: body.value,
      effectiveDate: typeof body.effectiveDate === 'string' ? body.effectiveDate : day(new Date()),
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      municipalServiceCode:
        typeof body.municipalServiceCode === 'string' ? body.municipalServiceCode : null,
      taxes: (body.taxes as Record<string, unknown>) ?? {},
    }
    invoices.set(invoice.id, invoice)
    return { status: 200, body: invoice }
  }

  function invoiceRoute(method: string, path: string, query: URLSearchParams) {
    if (method === 'GET' && path === '/v3/invoices') {
      const wanted = query.get('externalReference')
      const data = [...invoices.values()].filter((i) => !wanted || i.externalReference === wanted)
      return {
        status: 200,
        body: { object: 'list', hasMore: false, totalCount: data.length, data },
      }
    }
    const match = /^\/v3\/invoices\/([^/]+)(\/cancel)?$/.exec(path)
    const invoice = match ? invoices.get(decodeURIComponent(match[1]!)) : undefined
    if (!invoice) return asaasError(404, 'not_found', 'Nota fiscal não encontrada.')
    if (method === 'GET' && !match![2]) return { status: 200, body: invoice }
    if (method === 'POST' && match![2]) {
      if (invoice.status !== 'AUTHORIZED' && invoice.status !== 'SCHEDULED') {
        return asaasError(400, 'invalid_action', 'Esta nota fiscal não pode ser cancelada.')
      }
      invoice.status = 'PROCESSING_CANCELLATION'
      return { status: 200, body: invoice }
    }
    return asaasError(404, 'not_found', 'Recurso não encontrado.')
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ) {
    if (method === 'GET' && path === '/v3/customers') {
      const wanted = query.get('cpfCnpj')
      const data = [...customers.values()].filter((c) => !wanted || c.cpfCnpj === wanted)
      const limit = Number(query.get('limit') ?? 10)
      return {
        status: 200,
        body: {
          object: 'list',
          hasMore: data.length > limit,
          totalCount: data.length,
          limit,
          offset: 0,
          data: data.slice(0, limit),
        },
      }
    }
    if (method === 'POST' && path === '/v3/customers') return createCustomer(body)
    const customerPath = /^\/v3\/customers\/([^/]+)$/.exec(path)
    if (method === 'PUT' && customerPath) {
      const customer = customers.get(decodeURIComponent(customerPath[1]!))
      if (!customer) return asaasError(404, 'not_found', 'Cliente não encontrado.')
      return updateCustomer(customer, body)
    }
    if (method === 'POST' && path === '/v3/payments') return createPayment(body)
    if (path.startsWith('/v3/pix/automatic/authorizations')) {
      return authorizationRoute(method, path, body)
    }
    if (method === 'POST' && path === '/v3/invoices') return createInvoice(body)
    if (path.startsWith('/v3/invoices')) return invoiceRoute(method, path, query)
    const match = /^\/v3\/payments\/([^/]+)(\/pixQrCode|\/refund)?$/.exec(path)
    const payment = match ? payments.get(decodeURIComponent(match[1]!)) : undefined
    if (!match || !payment) return asaasError(404, 'not_found', 'Cobrança não encontrada.')
    const action = match[2]
    if (method === 'GET' && action === '/pixQrCode') {
      if (payment.deleted) return asaasError(404, 'not_found', 'Cobrança não encontrada.')
      return {
        status: 200,
        body: {
          // Not a real picture: the store draws its own QR from `payload`.
          encodedImage: Buffer.from('fake-png').toString('base64'),
          payload: payment.payload,
          expirationDate: `${payment.dueDate} 23:59:59`,
        },
      }
    }
    if (method === 'GET' && !action) return { status: 200, body: publicPayment(payment) }
    if (method === 'POST' && action === '/refund') return refund(payment, body)
    if (method === 'DELETE' && !action) {
      if (payment.deleted) return asaasError(404, 'not_found', 'Cobrança não encontrada.')
      if (payment.status !== 'PENDING' && payment.status !== 'OVERDUE') {
        return asaasError(
          400,
          'invalid_action',
          'Somente cobranças aguardando pagamento ou vencidas podem ser removidas.',
        )
      }
      payment.deleted = true
      return { status: 200, body: { deleted: true, id: payment.id } }
    }
    return asaasError(404, 'not_found', 'Recurso não encontrado.')
  }

  const server = createServer((req, res) => {
    void readJsonBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://fake')
      requests.push({
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      })
      let answer: { status: number; body: unknown }
      if (req.headers.access_token !== apiKey) {
        answer = asaasError(401, 'invalid_access_token', 'A chave de API fornecida é inválida')
      } else if (failures > 0 && failAfter > 0) {
        failAfter--
        answer = route(req.method!, url.pathname, url.searchParams, body)
      } else if (failures > 0) {
        failures--
        answer = asaasError(500, 'internal_error', 'Erro interno')
      } else {
        answer = route(req.method!, url.pathname, url.searchParams, body)
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const paymentOf = (orderId: string) => {
    const found = [...payments.values()].find((p) => p.externalReference === orderId)
    if (!found) throw new Error(`no fake payment for order ${orderId}`)
    return found
  }

  return {
    /** The API's base, as ASAAS_API_URL. */
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    customers,
    payments,
    invoices,
    requests,
    /** The nota of an order (by its externalReference). */
    invoiceOf: (orderId: string) =>
      [...invoices.values()].find((i) => i.externalReference === orderId),
    /** The municipality decides: authorised (with its number and files), or an error. */
    settleInvoice(id: string, status: FakeAsaasInvoice['status'], description?: string) {
      const invoice = invoices.get(id)
      if (!invoice) throw new Error(`no fake invoice ${id}`)
      invoice.status = status
      invoice.statusDescription = description ?? null
      if (status === 'AUTHORIZED') {
        invoice.number = String(++invoiceNumbers)
        invoice.pdfUrl = `https://sandbox.asaas.com/invoices/${id}/pdf`
        invoice.xmlUrl = `https://sandbox.asaas.com/invoices/${id}/xml`
      }
      return invoice
    },
    /** An INVOICE_* delivery shaped for app.inject, at the nota webhook's address. */
    invoiceWebhook(id: string, event: string, token: string) {
      return {
        method: 'POST' as const,
        url: '/api/webhooks/nfse/asaas',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        payload: JSON.stringify({
          id: `evt_${randomBytes(16).toString('hex')}`,
          event,
          dateCreated: stamp(new Date()),
          invoice: invoices.get(id),
        }),
      }
    },
    notices,
    paymentOf,

    /** The buyer pays (RECEIVED), or Asaas changes the value (a different amount). */
    pay(orderId: string, o: { value?: number; status?: FakeAsaasPayment['status'] } = {}) {
      const payment = paymentOf(orderId)
      payment.status = o.status ?? 'RECEIVED'
      payment.paymentDate = day(new Date())
      if (o.value !== undefined) payment.value = o.value
      return payment
    },

    authorizations,
    instructions,
    /** The authorisation made for an order (its `contractId`). */
    authorizationOf(orderId: string) {
      const found = [...authorizations.values()].find((a) => a.contractId === orderId)
      if (!found) throw new Error(`no fake authorisation for order ${orderId}`)
      return found
    },

    /**
     * The payer reads the journey-3 QR code: the first payment settles and the authorisation
     * becomes ACTIVE. Answers the PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED delivery.
     */
    approveAuthorization(orderId: string, token: string) {
      const authorization = this.authorizationOf(orderId)
      authorization.status = 'ACTIVE'
      return this.automaticWebhook('PIX_AUTOMATIC_RECURRING_AUTHORIZATION_ACTIVATED', token, {
        authorization,
      })
    },

    /** The payer's bank refuses a cycle's debit: PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED. */
    refuseDebit(orderId: string, token: string) {
      const payment = paymentOf(orderId)
      const instruction = [...instructions.values()].find((i) => i.payment === payment.id)
      if (!instruction) throw new Error(`no fake instruction for order ${orderId}`)
      instruction.status = 'REFUSED'
      payment.status = 'OVERDUE'
      return this.automaticWebhook('PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED', token, {
        paymentInstruction: instruction,
      })
    },

    /** A PIX Automático delivery (`{ id, event, dateCreated, ...object }`) shaped for app.inject. */
    automaticWebhook(event: string, token: string, object: Record<string, unknown>) {
      return {
        method: 'POST' as const,
        url: '/api/webhooks/asaas',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        payload: JSON.stringify({
          id: `evt_${randomBytes(16).toString('hex')}`,
          event,
          dateCreated: stamp(new Date()),
          ...object,
        }),
      }
    },

    /** A devolução made in Asaas' own panel. */
    refundInPanel(orderId: string) {
      const payment = paymentOf(orderId)
      payment.status = 'REFUNDED'
      payment.refunds = [
        { dateCreated: stamp(new Date()), status: 'DONE', value: payment.value, description: '' },
      ]
      return payment
    },

    setRefundStatus(status: string) {
      refundStatus = status
    },

    /** The next `count` calls answer 500, once `after` calls have gone through. */
    failNext(count: number, after = 0) {
      failures = count
      failAfter = after
    },

    /**
     * A webhook delivery shaped for app.inject: `event` with the payment as Asaas has it now
     * (or `payment` overrides: a forged body), carrying `token` in `asaas-access-token`.
     */
    webhook(
      orderId: string,
      o: {
        event?: string
        token?: string | null
        payment?: Partial<Omit<FakeAsaasPayment, 'payload'>>
      } = {},
    ) {
      const payment = paymentOf(orderId)
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (o.token !== null && o.token !== undefined) headers['asaas-access-token'] = o.token
      return {
        method: 'POST' as const,
        url: '/api/webhooks/asaas',
        headers,
        payload: JSON.stringify({
          id: `evt_${randomBytes(16).toString('hex')}&${Math.floor(Math.random() * 1e9)}`,
          event: o.event ?? 'PAYMENT_RECEIVED',
          dateCreated: stamp(new Date()),
          payment: { ...publicPayment(payment), ...o.payment },
        }),
      }
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeAsaas = Awaited<ReturnType<typeof startFakeAsaas>>
