/**
 * A local Woovi (OpenPix) for tests: a real HTTP server speaking the wire format of
 * docs/PROVIDERS.md ("Woovi": charges by correlationID, charge refunds, `Authorization: <AppID>`)
 * and sending webhooks signed RSA-SHA256 in `x-webhook-signature`, with a key pair of its own
 * (Woovi's private key is Woovi's; the store is given this fake's public key instead).
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
