import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSession } from '../testing/auth.js'
import { call, guestForm, newCartSession } from '../testing/commerce.js'
import { insertProduct } from '../testing/fixtures.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'

/**
 * Numbers past PostgreSQL's int4 (ids, and money in centavos) reached the
 * database and answered 500. The contracts bound them: 400 with a Portuguese message.
 */
let store: TestStore
let admin: string
let product: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  product = await insertProduct(store, { name: 'Caderno', priceCents: 2000 })
})
afterAll(() => store.close())

const TOO_BIG_ID = 2_147_483_648
const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  call(store, method, url, body, { cookie: admin })
const coupon = (fields: Record<string, unknown>) =>
  asAdmin('POST', '/api/admin/coupons', {
    code: `LIMITE${Math.random().toString(36).slice(2, 8)}`,
    type: 'percent',
    value: 10,
    ...fields,
  })
const productUpdate = (fields: Record<string, unknown>) =>
  asAdmin('PUT', `/api/products/${product.id}/update-json`, {
    name: 'Caderno',
    price: '20.00',
    ...fields,
  })

describe('numbers past int4', () => {
  it('refuses them in coupons with 400 and a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'fixed', value: '21474836.48' }, 'Valor do desconto inválido'],
      [{ productIds: [TOO_BIG_ID] }, 'Produto do cupom inválido'],
      [{ minAmount: '21474836.48' }, 'Valor inválido'],
    ]
    for (const [fields, message] of cases) {
      const res = await coupon(fields)
      expect([res.statusCode, res.json()]).toEqual([400, { message }])
    }
    const put = await asAdmin('PUT', `/api/admin/coupons/${TOO_BIG_ID}`, {
      code: 'QUALQUER',
      type: 'percent',
      value: 10,
    })
    expect([put.statusCode, put.json()]).toEqual([400, { message: 'Cupom não encontrado' }])
  })

  it('refuses them in kits, order bumps and prices with 400 and a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bundleProductIds: [TOO_BIG_ID] }, 'Lista de produtos do kit inválida'],
      [
        { orderBumps: [{ productId: TOO_BIG_ID, offerPrice: '1.00' }] },
        'Ofertas no checkout inválidas: até 3, cada uma com produto e preço',
      ],
      [
        { price: '21474836.48' },
        'Preço inválido: use um valor maior ou igual a 0, com no máximo 2 casas decimais',
      ],
    ]
    for (const [fields, message] of cases) {
      const res = await productUpdate(fields)
      expect([res.statusCode, res.json()]).toEqual([400, { message }])
    }
  })

  it('refuses them in a Canva link and in the related products', async () => {
    const canva = await asAdmin('POST', '/api/admin/canva-links', {
      productId: TOO_BIG_ID,
      linkUrl: 'https://www.canva.com/design/abc/view',
    })
    expect([canva.statusCode, canva.json()]).toEqual([400, { message: 'Escolha o produto' }])
    const related = await call(store, 'POST', '/api/products/related', {
      cartProductIds: [TOO_BIG_ID],
    })
    expect(related.statusCode).toBe(400)
  })

  it('an order whose total passes what the database holds is refused, not a 500', async () => {
    const dear = await insertProduct(store, { name: 'Coleção', priceCents: 2_000_000_000 })
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: dear.id, quantity: 2 }], customerData: guestForm() },
      { session: newCartSession() },
    )
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'O valor do pedido passa do máximo aceito: divida a compra em mais pedidos' },
    ])
  })

  it('still takes the largest values that fit', async () => {
    expect((await coupon({ type: 'fixed', value: '21474836.47' })).statusCode).toBe(201)
    expect((await coupon({ productIds: [product.id] })).statusCode).toBe(201)
    expect((await productUpdate({ price: '19.90' })).statusCode).toBe(200)
  })
})
