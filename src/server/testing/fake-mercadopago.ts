/**
 * A local Mercado Pago for tests: a real HTTP server speaking the wire format of PROVIDERS.md
 * (payments, payment search, Checkout Pro preferences, idempotency keys, signed webhooks). The
 * store is pointed at it with MERCADOPAGO_API_URL and never knows it is a fake.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildBrCode } from '../modules/payments/brcode.js'
import { readJsonBody } from './fake-http.js'

export interface FakePayment {
  id: number
  status: string
  status_detail: string
  transaction_amount: number
  description?: string
  payment_method_id: string
  external_reference: string | null
  notification_url?: string
  date_of_expiration?: string
  payer: Record<string, unknown>
  point_of_interaction?: {
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string }
  }
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

// A 1×1 PNG: the store must pass Mercado Pago's image through rather than draw its own.
export const FAKE_QR_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABc3UBGAAAAABJRU5ErkJggg=='

const mpError = (status: number, message: string, error = 'bad_request') => ({
  status,
  body: { message, error, status, cause: [] },
})

export async function startFakeMercadoPago(opts: { token?: string } = {}) {
  const token = opts.token ?? 'TEST-fake-access-token'
  const payments = new Map<string, FakePayment>()
  const preferences = new Map<string, Record<string, unknown> & { id: string }>()
  const byIdempotencyKey = new Map<string, unknown>()
  const requests: RecordedRequest[] = []
  let nextId = 1_300_000_000
  /** Answers the next `count` calls with `status` (an outage). */
  let failures: { status: number; count: number } = { status: 500, count: 0 }
  /** What the next refunds answer: 'approved' gives the money back at once. */
  let refundStatus = 'approved'
  /** While set, refund calls wait for it (a slow provider); `arrived` tells one is waiting. */
  let refundGate: { arrived: () => void; open: Promise<void> } | null = null

  function createPayment(body: Record<string, unknown>): FakePayment {
    const id = nextId++
    const amount = body.transaction_amount as number
    const qrCode = buildBrCode({
      key: randomUUID(),
      name: 'MERCADO PAGO',
      city: 'SAO PAULO',
      amountCents: Math.round(amount * 100),
      txid: `MP${id}`,
    })
    const payment: FakePayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: amount,
      description: body.description as string,
      payment_method_id: 'pix',
      external_reference: (body.external_reference as string) ?? null,
      notification_url: body.notification_url as string | undefined,
      date_of_expiration: body.date_of_expiration as string | undefined,
      payer: (body.payer as Record<string, unknown>) ?? {},
      point_of_interaction: {
        transaction_data: {
          qr_code: qrCode,
          qr_code_base64: FAKE_QR_BASE64,
          ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=1&hash=${randomUUID()}`,
        },
      },
    }
    payments.set(String(id), payment)
    return payment
  }

  function route(
    method: string,
    url: URL,
    body: Record<string, unknown>,
    key: string | undefined,
    headers: IncomingMessage['headers'] = {},
  ) {
    if (method === 'POST' && !key) return mpError(400, "Header X-Idempotency-Key can't be null")
    if (method === 'POST' && byIdempotencyKey.has(key!)) {
      return { status: 201, body: byIdempotencyKey.get(key!) }
    }
    if (method === 'POST' && url.pathname === '/v1/payments') {
      if (typeof body.transaction_amount !== 'number' || body.transaction_amount <= 0) {
        return mpError(400, 'Invalid transaction_amount')
      }
      if (body.payment_method_id !== 'pix') return mpError(400, 'Invalid payment_method_id')
      if (typeof (body.payer as { email?: unknown })?.email !== 'string') {
        return mpError(400, 'payer.email must be a valid email')
      }
      const payment = createPayment(body)
      byIdempotencyKey.set(key!, payment)
      return { status: 201, body: payment }
    }
    if (method === 'POST' && url.pathname === '/checkout/preferences') {
      const items = body.items as { unit_price?: unknown; quantity?: unknown }[] | undefined
      if (!items?.length || items.some((i) => typeof i.unit_price !== 'number')) {
        return mpError(400, 'items.unit_price must be a number')
      }
      const id = `123456789-${randomUUID()}`
      const preference = {
        ...body,
        id,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      }
      preferences.set(id, preference)
      byIdempotencyKey.set(key!, preference)
      return { status: 201, body: preference }
    }
    if (method === 'GET' && url.pathname === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference')
      const results = [...payments.values()].filter((p) => p.external_reference === reference)
      return {
        status: 200,
        body: { paging: { total: results.length, limit: 30, offset: 0 }, results },
      }
    }
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname)
    if (method === 'POST' && refund) {
      const payment = payments.get(refund[1]!)
      if (!payment) return mpError(404, 'Payment not found', 'not_found')
      if (payment.status !== 'approved') return mpError(400, 'Payment not refundable')
      // A PIX refund still in process is a 400 unless the caller asks to see it as such.
      if (refundStatus === 'in_process' && headers['x-render-in-process-refunds'] !== 'true') {
        return mpError(400, 'Refund in process')
      }
      const answer = {
        id: nextId++,
        payment_id: payment.id,
        amount: payment.transaction_amount,
        metadata: {},
        source: { id: '123456789', name: 'Loja', type: 'collector' },
        date_created: new Date().toISOString(),
        unique_sequence_number: null,
        refund_mode: 'standard',
        adjustment_amount: 0,
        status: refundStatus,
        reason: null,
        labels: [],
        amount_refunded_to_payer: payment.transaction_amount,
      }
      if (refundStatus === 'approved') {
        Object.assign(payment, { status: 'refunded', status_detail: 'refunded' })
      }
      byIdempotencyKey.set(key!, answer)
      return { status: 201, body: answer }
    }
    const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname)
    if (method === 'GET' && match) {
      const payment = payments.get(match[1]!)
      return payment
        ? { status: 200, body: payment }
        : mpError(404, 'Payment not found', 'not_found')
    }
    return mpError(404, 'resource not found', 'not_found')
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readJsonBody(req)
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push({
      method: req.method!,
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    })
    let answer: { status: number; body: unknown }
    if (req.headers.authorization !== `Bearer ${token}`) {
      answer = mpError(401, 'invalid access token', 'unauthorized')
    } else if (failures.count > 0) {
      failures.count--
      answer = mpError(failures.status, 'internal_error', 'internal_error')
    } else {
      if (refundGate && /\/refunds$/.test(url.pathname)) {
        refundGate.arrived()
        await refundGate.open
      }
      const key = req.headers['x-idempotency-key']
      answer = route(req.method!, url, body, typeof key === 'string' ? key : undefined, req.headers)
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify(mpError(500, 'internal_error').body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    payments,
    preferences,
    requests,
    /** Every X-Idempotency-Key received on a POST, in order. */
    idempotencyKeys: () =>
      requests.filter((r) => r.method === 'POST').map((r) => r.headers['x-idempotency-key']),

    setStatus(id: number | string, status: string, changes: Partial<FakePayment> = {}) {
      const payment = payments.get(String(id))
      if (!payment) throw new Error(`no fake payment ${id}`)
      Object.assign(
        payment,
        { status, status_detail: status === 'approved' ? 'accredited' : status },
        changes,
      )
      return payment
    },

    /** The buyer pays a Checkout Pro preference by card: a payment for its items and reference. */
    payPreference(preferenceId: string, status = 'approved'): FakePayment {
      const preference = preferences.get(preferenceId)
      if (!preference) throw new Error(`no fake preference ${preferenceId}`)
      const items = preference.items as { unit_price: number; quantity: number }[]
      const payment: FakePayment = {
        id: nextId++,
        status,
        status_detail: status === 'approved' ? 'accredited' : status,
        transaction_amount:
          Math.round(items.reduce((s, i) => s + i.unit_price * i.quantity * 100, 0)) / 100,
        payment_method_id: 'visa',
        external_reference: (preference.external_reference as string) ?? null,
        payer: (preference.payer as Record<string, unknown>) ?? {},
      }
      payments.set(String(payment.id), payment)
      return payment
    },

    /** The status of the refunds that follow ('approved', 'in_process', 'rejected'). */
    setRefundStatus(status: string) {
      refundStatus = status
    },

    /**
     * Refund calls wait until `release()`: `arrived` resolves when the first one is waiting, so
     * a test can act while the store waits on the provider.
     */
    holdRefunds() {
      let arrived!: () => void
      let release!: () => void
      const reached = new Promise<void>((resolve) => (arrived = resolve))
      const open = new Promise<void>((resolve) => (release = resolve))
      refundGate = { arrived, open }
      return {
        arrived: reached,
        release() {
          refundGate = null
          release()
        },
      }
    },

    failNext(count: number, status = 500) {
      failures = { status, count }
    },

    /**
     * A notification as Mercado Pago sends it, signed with `secret`, shaped for app.inject.
     * `ts` defaults to now in milliseconds; pass seconds or an old value to test the window.
     */
    webhook(paymentId: number | string, o: { secret: string; ts?: number; requestId?: string }) {
      const ts = String(o.ts ?? Date.now())
      const requestId = o.requestId ?? randomUUID()
      const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`
      const v1 = createHmac('sha256', o.secret).update(manifest).digest('hex')
      return {
        method: 'POST' as const,
        url: `/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${ts},v1=${v1}`,
          'x-request-id': requestId,
        },
        payload: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: String(paymentId) },
          date_created: new Date().toISOString(),
          id: nextId++,
          live_mode: false,
          type: 'payment',
          user_id: '123456789',
        }),
      }
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>
