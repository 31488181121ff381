import { randomBytes } from 'node:crypto'
import type { CheckoutAnswer, GuestCustomerDataInput } from '../../contracts/checkout.js'
import { startFakeMercadoPago } from './fake-mercadopago.js'
import { createTestStore, type TestStore, type TestStoreOptions } from './test-app.js'

/** A fresh, valid cart session id, as the client makes them. */
export function newCartSession(): string {
  return `cart_${randomBytes(16).toString('hex')}_${Date.now()}`
}

/** A guest's complete checkout form; override a field to test its message. */
export function guestForm(overrides: Partial<GuestCustomerDataInput> = {}): GuestCustomerDataInput {
  return {
    firstName: 'Maria',
    lastName: 'Souza',
    email: `maria.${randomBytes(4).toString('hex')}@exemplo.com`,
    whatsapp: '(11) 98765-4321',
    createAccount: false,
    acceptTerms: true,
    ...overrides,
  }
}

export interface CallOptions {
  session?: string
  cookie?: string
  headers?: Record<string, string>
}

/** app.inject with the cart session header (and a login cookie) the browser would send. */
export function call(
  store: TestStore,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: CallOptions = {},
) {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.session) headers['x-session-id'] = opts.session
  if (opts.cookie) headers.cookie = opts.cookie
  return store.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  })
}

/** A guest checkout of `items` that must succeed; its answer. */
export async function guestCheckout(
  store: TestStore,
  session: string,
  items: { productId: number; quantity?: number }[],
  form: Partial<GuestCustomerDataInput> = {},
): Promise<CheckoutAnswer> {
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    { items, customerData: guestForm(form) },
    { session },
  )
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`)
  return res.json<CheckoutAnswer>()
}

/** The session cookie a response set, ready for a Cookie header. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie']
  const first = Array.isArray(set) ? set[0] : set
  return String(first ?? '').split(';')[0]!
}

export const WEBHOOK_SECRET = 'segredo-do-webhook'

/** A store whose payments go to a fake Mercado Pago, with a public https URL for webhooks. */
export async function createMercadoPagoStore(opts: Pick<TestStoreOptions, 'now'> = {}) {
  const fake = await startFakeMercadoPago()
  const store = await createTestStore({
    ...opts,
    env: {
      MERCADOPAGO_ACCESS_TOKEN: fake.token,
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'https://loja.test',
    },
  })
  return {
    fake,
    store,
    async close() {
      await store.close()
      await fake.close()
    },
  }
}
