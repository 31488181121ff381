/**
 * A local Woovi (OpenPix) for tests: a real HTTP server speaking the wire format of
 * docs/PROVIDERS.md ("Woovi": charges by correlationID, charge refunds, `Authorization: <AppID>`)
 * and sending webhooks signed RSA-SHA256 in `x-webhook-signature`, with a key pair of its own
 * (Woovi's private key is Woovi's; the store is given this fake's public key instead).
 * And its PIX Automático (journey 3, PAYMENT_ON_APPROVAL): POST /api/v1/subscriptions with
 * `type: PIX_RECURRING` (https://developers.woovi.com/docs/pix-automatic/pix-automatic-how-to-create),
 * GET /api/v1/subscriptions/{id}, its installments, GET /api/v1/installments/{id},
 * PUT /api/v1/subscriptions/{id}/cancel (https://developers.woovi.com/docs/pix-automatic/pix-api-routes),
 * POST /api/v1/installments/{id}/cobr (https://developers.woovi.com/docs/pix-automatic/pix-automatic-cobr-manual),
 * and the PIX_AUTOMATIC_* webhooks (https://developers.woovi.com/docs/pix-automatic/pix-automatic-webhooks).
 */
import { createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildBrCode } from '../modules/payments/brcode.js'
import { readJsonBody } from './fake-http.js'

export interface FakeWooviCharge {
  correlationID: string
  status: 'ACTIVE' | 'COMPLETED' | 'EXPIRED'
  value: number
  comment: string
  expiresIn: number
  brCode: string
  qrCodeImage: string
  paymentLinkUrl: string
  transactionID: string
  globalID: string
  createdAt: string
  updatedAt: string
  paidAt: string | null
  refunds: { correlationID: string; value: number; status: string; time: string }[]
}

export interface FakeWooviSubscription {
  globalID: string
  correlationID: string
  value: number
  status: 'ACTIVE' | 'INACTIVE'
  dayGenerateCharge: string | number | null
  frequency: string
  customer: Record<string, unknown>
  pixRecurring: {
    recurrencyId: string
    emv: string
    journey: string
    status: 'CREATED' | 'APPROVED' | 'REJECTED' | 'CANCELED'
  }
}

export interface FakeWooviInstallment {
  globalID: string
  paymentSubscriptionGlobalID: string
  installmentNumber: number
  value: number
  status: 'SCHEDULED' | 'ACTIVE' | 'COMPLETED' | 'CANCEL'
  cobr: { identifierId: string; recurrencyId: string; status: string; value: number } | null
}

export interface WooviRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

const wooviError = (status: number, error: string) => ({ status, body: { error } })

export async function startFakeWoovi(opts: { appId?: string } = {}) {
  const appId = opts.appId ?? 'Q2xpZW50X0lkX2Zha2Utd29vdmk6Q2xpZW50X1NlY3JldF9mYWtl'
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  const charges = new Map<string, FakeWooviCharge>()
  const subscriptions = new Map<string, FakeWooviSubscription>()
  const installments = new Map<string, FakeWooviInstallment>()
  const globalId = (kind: string) => Buffer.from(`${kind}:${randomUUID()}`).toString('base64')

  function addInstallment(sub: FakeWooviSubscription, installmentNumber: number) {
    const installment: FakeWooviInstallment = {
      globalID: globalId('PaymentSubscriptionInstallment'),
      paymentSubscriptionGlobalID: sub.globalID,
      installmentNumber,
      value: sub.value,
      status: 'SCHEDULED',
      cobr: null,
    }
    installments.set(installment.globalID, installment)
    return installment
  }

  function createSubscription(body: Record<string, unknown>) {
    const customer = body.customer as Record<string, unknown> | undefined
    const options = body.pixRecurringOptions as { journey?: unknown } | undefined
    if (body.type !== 'PIX_RECURRING') return wooviError(400, 'Tipo de assinatura inválido')
    if (typeof body.value !== 'number' || !Number.isInteger(body.value) || body.value < 1) {
      return wooviError(400, 'Valor inválido')
    }
    if (!customer || typeof customer.taxID !== 'string' || typeof customer.name !== 'string') {
      return wooviError(400, 'Cliente inválido: nome e CPF/CNPJ são obrigatórios')
    }
    const journeys = ['ONLY_RECURRENCY', 'PAYMENT_ON_APPROVAL']
    if (typeof options?.journey !== 'string' || !journeys.includes(options.journey)) {
      return wooviError(400, 'Jornada inválida')
    }
    if (typeof body.comment === 'string' && body.comment.length >= 30) {
      return wooviError(400, 'O comentário deve ter menos de 30 caracteres')
    }
    const recurrencyId = `RN${randomUUID().replace(/-/g, '').slice(0, 27)}`
    const sub: FakeWooviSubscription = {
      globalID: globalId('PaymentSubscription'),
      correlationID: typeof body.correlationID === 'string' ? body.correlationID : '',
      value: body.value,
      status: 'ACTIVE',
      dayGenerateCharge: (body.dayGenerateCharge as string | number | undefined) ?? null,
      frequency: String(body.frequency ?? 'MONTHLY'),
      customer,
      pixRecurring: {
        recurrencyId,
        emv: buildBrCode({
          key: randomUUID(),
          name: 'WOOVI',
          city: 'SAO PAULO',
          amountCents: body.value,
          txid: recurrencyId.slice(0, 25),
        }),
        journey: options.journey,
        status: 'CREATED',
      },
    }
    subscriptions.set(sub.globalID, sub)
    addInstallment(sub, 1)
    return { status: 200, body: { subscription: sub } }
  }

  function subscriptionRoute(method: string, path: string, body: Record<string, unknown>) {
    if (method === 'POST' && path === '/api/v1/subscriptions') return createSubscription(body)
    const match = /^\/api\/v1\/subscriptions\/([^/]+)(\/installments|\/cancel)?$/.exec(path)
    const sub = match ? subscriptions.get(decodeURIComponent(match[1]!)) : undefined
    if (!sub) return wooviError(404, 'Assinatura não encontrada')
    if (method === 'GET' && !match![2]) return { status: 200, body: { subscription: sub } }
    if (method === 'GET' && match![2] === '/installments') {
      const list = [...installments.values()].filter(
        (i) => i.paymentSubscriptionGlobalID === sub.globalID,
      )
      return {
        status: 200,
        body: {
          installments: list,
          pageInfo: {
            skip: 0,
            limit: 100,
            totalCount: list.length,
            hasPreviousPage: false,
            hasNextPage: false,
          },
        },
      }
    }
    if (method === 'PUT' && match![2] === '/cancel') {
      if (sub.status === 'INACTIVE') return wooviError(400, 'Assinatura já cancelada')
      sub.status = 'INACTIVE'
      sub.pixRecurring.status = 'CANCELED'
      return { status: 200, body: { subscription: sub } }
    }
    return wooviError(404, 'Not found')
  }

  function installmentRoute(method: string, path: string, body: Record<string, unknown>) {
    const match = /^\/api\/v1\/installments\/([^/]+)(\/cobr)?$/.exec(path)
    const installment = match ? installments.get(decodeURIComponent(match[1]!)) : undefined
    if (!installment) return wooviError(404, 'Parcela não encontrada')
    if (method === 'GET' && !match![2]) return { status: 200, body: installment }
    if (method === 'POST' && match![2]) {
      const sub = subscriptions.get(installment.paymentSubscriptionGlobalID)!
      if (sub.pixRecurring.status !== 'APPROVED' || sub.status !== 'ACTIVE') {
        return wooviError(400, 'O Pix Automático não está aprovado')
      }
      if (installment.cobr) return wooviError(400, 'A parcela já tem uma cobrança')
      const value = typeof body.value === 'number' ? body.value : installment.value
      installment.value = value
      installment.status = 'ACTIVE'
      installment.cobr = {
        identifierId: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
        recurrencyId: sub.pixRecurring.recurrencyId,
        status: 'CREATED',
        value,
      }
      return { status: 200, body: installment }
    }
    return wooviError(404, 'Not found')
  }
  const requests: WooviRequest[] = []
  let failures = 0
  let refundStatus = 'IN_PROCESSING'

  function createCharge(body: Record<string, unknown>) {
    const correlationID = body.correlationID
    const value = body.value
    if (typeof correlationID !== 'string' || !correlationID) {
      return wooviError(400, 'correlationID é obrigatório')
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      return wooviError(400, 'Valor inválido')
    }
    const existing = charges.get(correlationID)
    if (existing)
      return { status: 200, body: { charge: existing, correlationID, brCode: existing.brCode } }
    const now = new Date().toISOString()
    const linkId = randomUUID()
    const transactionID = randomUUID().replace(/-/g, '')
    const charge: FakeWooviCharge = {
      correlationID,
      status: 'ACTIVE',
      value,
      comment: String(body.comment ?? ''),
      expiresIn: typeof body.expiresIn === 'number' ? body.expiresIn : 86400,
      brCode: buildBrCode({
        key: randomUUID(),
        name: 'WOOVI',
        city: 'SAO PAULO',
        amountCents: value,
        txid: transactionID.slice(0, 25),
      }),
      qrCodeImage: `https://api.woovi.com/openpix/charge/brcode/image/${linkId}.png`,
      paymentLinkUrl: `https://woovi.com/pay/${linkId}`,
      transactionID,
      globalID: Buffer.from(`Charge:${transactionID}`).toString('base64'),
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      refunds: [],
    }
    charges.set(correlationID, charge)
    return { status: 200, body: { charge, correlationID, brCode: charge.brCode } }
  }

  function route(method: string, path: string, body: Record<string, unknown>) {
    if (method === 'POST' && path === '/api/v1/charge') return createCharge(body)
    if (path.startsWith('/api/v1/subscriptions')) return subscriptionRoute(method, path, body)
    if (path.startsWith('/api/v1/installments/')) return installmentRoute(method, path, body)
    const refund = /^\/api\/v1\/charge\/([^/]+)\/refund$/.exec(path)
    if (method === 'POST' && refund) {
      const charge = charges.get(decodeURIComponent(refund[1]!))
      if (!charge) return wooviError(404, 'Cobrança não encontrada')
      if (charge.status !== 'COMPLETED') return wooviError(400, 'Cobrança não foi paga')
      const id = body.correlationID
      if (typeof id !== 'string' || !id) return wooviError(400, 'correlationID é obrigatório')
      const again = charge.refunds.find((r) => r.correlationID === id)
      if (again) return { status: 200, body: { refund: again } }
      if (charge.refunds.length > 0) return wooviError(400, 'Cobrança já reembolsada')
      const made = {
        correlationID: id,
        value: typeof body.value === 'number' ? body.value : charge.value,
        status: refundStatus,
        time: new Date().toISOString(),
      }
      charge.refunds.push(made)
      return { status: 200, body: { refund: made } }
    }
    if (method === 'GET' && refund) {
      const charge = charges.get(decodeURIComponent(refund[1]!))
      if (!charge) return wooviError(404, 'Cobrança não encontrada')
      return { status: 200, body: { refunds: charge.refunds } }
    }
    const get = /^\/api\/v1\/charge\/([^/]+)$/.exec(path)
    if (method === 'GET' && get) {
      const charge = charges.get(decodeURIComponent(get[1]!))
      return charge ? { status: 200, body: { charge } } : wooviError(404, 'Cobrança não encontrada')
    }
    return wooviError(404, 'Not found')
  }

  const server = createServer((req, res) => {
    void readJsonBody(req).then((body) => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      requests.push({ method: req.method!, path, headers: req.headers, body })
      let answer: { status: number; body: unknown }
      if (req.headers.authorization !== appId) {
        answer = wooviError(401, 'AppID inválido')
      } else if (failures > 0) {
        failures--
        answer = wooviError(500, 'Internal error')
      } else {
        answer = route(req.method!, path, body)
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const sign = (raw: string, key = privateKey) =>
    createSign('sha256').update(raw, 'utf8').sign(key, 'base64')

  /** A delivery of `body` signed as Woovi signs, shaped for app.inject. */
  const signed = (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body)
    return {
      method: 'POST' as const,
      url: '/api/webhooks/woovi',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': sign(raw) },
      payload: raw,
    }
  }

  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    /** The PEM the store is given as WOOVI_WEBHOOK_PUBLIC_KEY. */
    publicKeyPem,
    charges,
    requests,

    /** The buyer pays the charge (or it expires). */
    setStatus(correlationID: string, status: FakeWooviCharge['status'], value?: number) {
      const charge = charges.get(correlationID)
      if (!charge) throw new Error(`no fake charge ${correlationID}`)
      const now = new Date().toISOString()
      Object.assign(charge, { status, updatedAt: now }, value === undefined ? {} : { value })
      if (status === 'COMPLETED') charge.paidAt = now
      return charge
    },

    setRefundStatus(status: string) {
      refundStatus = status
    },

    subscriptions,
    installments,
    /** The PIX Automático subscription made for an order (its `correlationID`). */
    subscriptionOf(orderId: string) {
      const found = [...subscriptions.values()].find((s) => s.correlationID === orderId)
      if (!found) throw new Error(`no fake subscription for order ${orderId}`)
      return found
    },
    installmentsOf(globalID: string) {
      return [...installments.values()]
        .filter((i) => i.paymentSubscriptionGlobalID === globalID)
        .sort((a, b) => a.installmentNumber - b.installmentNumber)
    },

    /**
     * The payer reads the journey-3 QR code: the recurrence is APPROVED and its first installment
     * paid; the next installment waits. Answers the signed PIX_AUTOMATIC_APPROVED delivery.
     */
    approve(orderId: string) {
      const sub = this.subscriptionOf(orderId)
      sub.pixRecurring.status = 'APPROVED'
      const [first] = this.installmentsOf(sub.globalID)
      first!.status = 'COMPLETED'
      addInstallment(sub, 2)
      return signed({ event: 'PIX_AUTOMATIC_APPROVED', ...sub })
    },

    /**
     * The payer's bank pays (`COMPLETED`) or, after its last try, rejects (`REJECTED`) an
     * installment's charge; the next installment is added. Answers the signed delivery.
     */
    settleCobr(installmentId: string, outcome: 'COMPLETED' | 'REJECTED') {
      const installment = installments.get(installmentId)
      if (!installment?.cobr) throw new Error(`no fake cobr for installment ${installmentId}`)
      installment.status = outcome === 'COMPLETED' ? 'COMPLETED' : 'CANCEL'
      installment.cobr.status = outcome
      const sub = subscriptions.get(installment.paymentSubscriptionGlobalID)!
      addInstallment(sub, installment.installmentNumber + 1)
      return signed({
        event:
          outcome === 'COMPLETED' ? 'PIX_AUTOMATIC_COBR_COMPLETED' : 'PIX_AUTOMATIC_COBR_REJECTED',
        ...installment,
        correlationID: sub.correlationID,
      })
    },

    failNext(count: number) {
      failures = count
    },

    /**
     * OPENPIX:CHARGE_COMPLETED as Woovi sends it, shaped for app.inject. `at` moves the event's
     * time (a stale delivery); `signWith` signs with another private key (a forgery).
     */
    /** The payer's bank takes the PIX back (a MED fraud refund): a refund Woovi lists. */
    medRefund(correlationID: string) {
      const charge = charges.get(correlationID)
      if (!charge) throw new Error(`no fake charge ${correlationID}`)
      charge.refunds.push({
        correlationID: `med-${correlationID}`,
        value: charge.value,
        status: 'CONFIRMED',
        time: new Date().toISOString(),
      })
    },

    webhook(
      correlationID: string,
      o: {
        event?: string
        at?: Date
        signWith?: KeyObject
        unsigned?: boolean
        tamper?: (raw: string) => string
      } = {},
    ) {
      const charge = charges.get(correlationID)
      if (!charge) throw new Error(`no fake charge ${correlationID}`)
      const time = (o.at ?? new Date()).toISOString()
      const raw = JSON.stringify({
        event: o.event ?? 'OPENPIX:CHARGE_COMPLETED',
        charge: { ...charge, refunds: undefined, paidAt: time, updatedAt: time },
        pix: {
          charge: { correlationID, status: charge.status, value: charge.value },
          time,
          value: charge.value,
          transactionID: charge.transactionID,
          endToEndId: `E${charge.transactionID}`,
        },
        company: { id: 'fake-company', name: 'Loja de Teste', taxID: '00000000000191' },
        account: {},
      })
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (!o.unsigned) headers['x-webhook-signature'] = sign(raw, o.signWith ?? privateKey)
      return {
        method: 'POST' as const,
        url: '/api/webhooks/woovi',
        headers,
        payload: o.tamper ? o.tamper(raw) : raw,
      }
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeWoovi = Awaited<ReturnType<typeof startFakeWoovi>>
