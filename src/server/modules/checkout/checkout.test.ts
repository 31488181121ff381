import { WHATSAPP_INVALID } from '../../../contracts/accounts.js'
import { parsePix, hasError } from 'pix-utils'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { users } from '../accounts/accounts.tables.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'
import {
  call,
  cookieFrom,
  guestCheckout,
  guestForm,
  newCartSession,
} from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let kit: { id: number }
let poster: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  poster = await insertProduct(store, { name: 'Cartaz', priceCents: 990 })
})
afterAll(() => store.close())

const checkout = (body: unknown, session = newCartSession(), cookie?: string) =>
  call(store, 'POST', '/api/checkout', body, { session, cookie })

describe('POST /api/checkout as a guest', () => {
  it('answers each missing field with the exact message of the specification', async () => {
    const items = [{ productId: kit.id, quantity: 1 }]
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'Nome é obrigatório'],
      [{ firstName: undefined }, 'Nome é obrigatório'],
      [{ lastName: '  ' }, 'Sobrenome é obrigatório'],
      [{ email: '' }, 'Email é obrigatório'],
      [{ whatsapp: undefined }, 'WhatsApp é obrigatório'],
      [{ createAccount: true, password: undefined }, 'Senha é obrigatória para criar conta'],
      [{ createAccount: true, password: '' }, 'Senha é obrigatória para criar conta'],
      [{ createAccount: true, password: '12345' }, 'Senha deve ter pelo menos 6 caracteres'],
      [{ acceptTerms: false }, 'Você deve aceitar os termos e condições'],
      [{ acceptTerms: undefined }, 'Você deve aceitar os termos e condições'],
      [{ email: 'sem-arroba' }, 'Email inválido'],
      [{ whatsapp: '12' }, WHATSAPP_INVALID],
    ]
    for (const [override, message] of cases) {
      const res = await checkout({ items, customerData: { ...guestForm(), ...override } })
      expect([res.statusCode, res.json()]).toEqual([400, { message }])
    }
    // createAccount is checked unless the form says otherwise.
    const { createAccount: _, ...withoutChoice } = guestForm()
    expect((await checkout({ items, customerData: withoutChoice })).json()).toEqual({
      message: 'Senha é obrigatória para criar conta',
    })
    expect((await checkout({ items })).json()).toEqual({ message: 'Nome é obrigatório' })
    expect(await store.database.db.select().from(orders)).toHaveLength(0)
  })

  it('names the field behind a 400 in x-error-field, so the form shows it under that input', async () => {
    const items = [{ productId: kit.id, quantity: 1 }]
    const res = await checkout({ items, customerData: { ...guestForm(), email: 'sem-arroba' } })
    expect(res.statusCode).toBe(400)
    expect(res.headers['x-error-field']).toBe('customerData.email')
    // The body is unchanged: every reader of `{ message }` keeps working.
    expect(res.json()).toEqual({ message: 'Email inválido' })
  })

  it("answers 'Carrinho vazio' when neither the request nor the cart has items", async () => {
    for (const body of [{ customerData: guestForm() }, { items: [], customerData: guestForm() }]) {
      const res = await checkout(body)
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'Carrinho vazio' }])
    }
  })

  it('prices from the database: client prices, names and totals are ignored', async () => {
    const res = await checkout({
      items: [
        { productId: kit.id, quantity: 2, price: '0.01', name: 'Grátis' },
        { productId: poster.id, quantity: 1, price: 0, unitPrice: 1 },
      ],
      totalAmount: '0.01',
      total: 1,
      customerData: guestForm(),
    })
    expect(res.statusCode).toBe(201)
    const answer = res.json<CheckoutAnswer>()
    expect(answer.order.totalAmount).toBe('69.70')
    expect(answer.order.items).toEqual([
      { productId: kit.id, productName: 'Kit Alfabetização', quantity: 2, unitPrice: '29.90' },
      { productId: poster.id, productName: 'Cartaz', quantity: 1, unitPrice: '9.90' },
    ])
    expect(answer.pixPaymentData!.amount).toBe('69.70')
    const parsed = parsePix(answer.pixPaymentData!.qrCode)
    if (hasError(parsed) || parsed.type !== 'STATIC') throw new Error('bad code')
    expect(parsed.transactionAmount).toBe(69.7)
    const [row] = await store.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, answer.order.id))
    expect(row!.totalCents).toBe(6970)
  })

  it('answers the order, pixPaymentData (demo) and pixData, with an unguessable id', async () => {
    const session = newCartSession()
    const answer = await guestCheckout(store, session, [{ productId: kit.id }], {
      firstName: 'João',
      lastName: 'Silva',
      email: 'JOAO@Exemplo.com',
    })
    expect(answer.order).toMatchObject({
      userId: null,
      customerName: 'João Silva',
      customerEmail: 'joao@exemplo.com',
      totalAmount: '29.90',
      status: 'pending',
      paymentMethod: 'pix',
    })
    expect(answer.order.id).toMatch(/^[0-9a-z]{25}$/)
    expect(answer.accountCreated).toBe(false)
    const pix = answer.pixPaymentData!
    expect(pix).toMatchObject({ amount: '29.90', isDemo: true, provider: 'demo', ticketUrl: null })
    expect(pix.qrCodeBase64).toMatch(/^data:image\/png;base64,/)
    expect(answer.pixData!.qr_code).toBe(pix.qrCode)
    expect(`data:image/png;base64,${answer.pixData!.qr_code_base64}`).toBe(pix.qrCodeBase64)
    const png = Buffer.from(answer.pixData!.qr_code_base64, 'base64')
    expect((await sharp(png).metadata()).format).toBe('png')
    const [row] = await store.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, answer.order.id))
    expect(row).toMatchObject({
      sessionId: session,
      customerWhatsapp: '5511987654321',
      pixCode: pix.qrCode,
    })
    const lines = await store.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row!.id))
    expect(lines).toHaveLength(1)
  })

  it('uses the server cart when the request names no items', async () => {
    const session = newCartSession()
    await call(store, 'POST', '/api/cart', { productId: poster.id, quantity: 3 }, { session })
    const res = await checkout({ customerData: guestForm() }, session)
    expect(res.json<CheckoutAnswer>().order.totalAmount).toBe('29.70')
  })

  it('leaves out cart lines whose product went off sale', async () => {
    const session = newCartSession()
    const soon = await insertProduct(store, { priceCents: 500 })
    await call(store, 'POST', '/api/cart', { productId: soon.id }, { session })
    await call(store, 'POST', '/api/cart', { productId: poster.id }, { session })
    await store.database.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, soon.id))
    store.app.services.catalog.invalidate()
    const res = await checkout({ customerData: guestForm() }, session)
    expect(res.json<CheckoutAnswer>().order.totalAmount).toBe('9.90')
  })

  it('refuses an order with a product no longer on sale', async () => {
    const hidden = await insertProduct(store, { isActive: false })
    const res = await checkout({ items: [{ productId: hidden.id }], customerData: guestForm() })
    expect(res.statusCode).toBe(400)
  })

  it('uses the static PIX key when one is set', async () => {
    const { settings } = store.app.services
    await settings.set('pix_key', 'loja@exemplo.com')
    await settings.set('pix_recipient_name', 'Loja da Professora Ângela Conceição')
    await settings.set('pix_city', 'São Paulo')
    try {
      const answer = await guestCheckout(store, newCartSession(), [{ productId: kit.id }])
      expect(answer.pixPaymentData).toMatchObject({ isDemo: false, provider: 'static' })
      const parsed = parsePix(answer.pixPaymentData!.qrCode)
      if (hasError(parsed) || parsed.type !== 'STATIC') throw new Error('bad code')
      expect(parsed).toMatchObject({
        pixKey: 'loja@exemplo.com',
        merchantName: 'LOJA DA PROFESSORA ANGELA',
        merchantCity: 'SAO PAULO',
        transactionAmount: 29.9,
        txid: answer.order.id,
      })
    } finally {
      await settings.set('pix_key', '')
    }
  })
})

describe('checkout with an account', () => {
  it('createAccount makes the account in the same order, logs the buyer in and gives them the order', async () => {
    const session = newCartSession()
    await call(store, 'POST', '/api/cart', { productId: poster.id }, { session })
    const email = 'nova.conta@exemplo.com'
    const res = await checkout(
      {
        items: [{ productId: kit.id }],
        customerData: guestForm({ email, createAccount: true, password: 'segredo1' }),
      },
      session,
    )
    expect(res.statusCode).toBe(201)
    const answer = res.json<CheckoutAnswer>()
    expect(answer.accountCreated).toBe(true)
    const [user] = await store.database.db.select().from(users).where(eq(users.email, email))
    expect(answer.order.userId).toBe(user!.id)
    const cookie = cookieFrom(res)
    expect(cookie).toMatch(/^loja_sid=/)
    const me = await call(store, 'GET', '/api/auth/user', undefined, { cookie })
    expect(me.statusCode).toBe(200)
    // Logged in, the order is theirs from any browser, and the cart came along.
    const status = await call(store, 'GET', `/api/orders/${answer.order.id}/status`, undefined, {
      cookie,
      session: newCartSession(),
    })
    expect(status.statusCode).toBe(200)
    const cart = await call(store, 'GET', '/api/cart', undefined, { cookie, session })
    expect(cart.json<{ productId: number }[]>().map((i) => i.productId)).toEqual([poster.id])
  })

  it('a taken e-mail with createAccount places a guest order, logs nobody in (checkout-accounts.test.ts)', async () => {
    const before = (await store.database.db.select().from(orders)).length
    const email = 'repetido@exemplo.com'
    await guestCheckout(store, newCartSession(), [{ productId: kit.id }], {
      email,
      createAccount: true,
      password: 'segredo1',
    })
    const res = await checkout({
      items: [{ productId: kit.id }],
      customerData: guestForm({ email, createAccount: true, password: 'segredo2' }),
    })
    expect(res.statusCode).toBe(201)
    expect(res.json<CheckoutAnswer>()).toMatchObject({
      accountCreated: false,
      accountExists: true,
      order: { userId: null, customerEmail: email },
    })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await store.database.db.select().from(orders)).toHaveLength(before + 2)
  })

  it('a logged-in buyer skips the customer form; the order uses the account', async () => {
    const email = 'logada@exemplo.com'
    const first = await checkout({
      items: [{ productId: kit.id }],
      customerData: guestForm({
        email,
        firstName: 'Bia',
        lastName: 'Reis',
        createAccount: true,
        password: 'segredo1',
      }),
    })
    const cookie = cookieFrom(first)
    const res = await checkout({ items: [{ productId: poster.id }] }, newCartSession(), cookie)
    expect(res.statusCode).toBe(201)
    const answer = res.json<CheckoutAnswer>()
    expect(answer.order).toMatchObject({
      customerEmail: email,
      customerName: 'Bia Reis',
      totalAmount: '9.90',
    })
    expect(answer.order.userId).toBe(first.json<CheckoutAnswer>().order.userId)
    expect(answer.accountCreated).toBe(false)
  })
})

describe('POST /api/create-order-mercadopago without Mercado Pago', () => {
  it('answers a clear 503 and creates nothing', async () => {
    const before = (await store.database.db.select().from(orders)).length
    const res = await call(
      store,
      'POST',
      '/api/create-order-mercadopago',
      {
        items: [{ productId: kit.id, quantity: 1, name: 'Kit', price: '29.90' }],
        customer: { firstName: 'A', lastName: 'B', email: 'a@b.com', phone: '11999999999' },
        totalAmount: '29.90',
      },
      { session: newCartSession() },
    )
    expect([res.statusCode, res.json()]).toEqual([
      503,
      { message: 'Pagamento com cartão indisponível no momento' },
    ])
    expect(await store.database.db.select().from(orders)).toHaveLength(before)
  })
})
