import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct, Product } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { buyAsGuest, grantedDownload } from '../../testing/downloads.js'
import { insertProduct, samplePng } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, sendForm } from '../../testing/uploads.js'
import { purchases } from '../downloads/downloads.tables.js'
import { orderItems } from '../orders/orders.tables.js'
import { productBundleItems } from './products.tables.js'

let store: TestStore
let admin: string
let caderno: { id: number }
let cartaz: { id: number }
let jogo: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  caderno = await insertProduct(store, { name: 'Caderno', priceCents: 2000 })
  cartaz = await insertProduct(store, { name: 'Cartaz', priceCents: 1500 })
  jogo = await insertProduct(store, { name: 'Jogo', priceCents: 1000 })
})
afterAll(() => store.close())

const updateJson = (id: number, body: Record<string, unknown>) =>
  call(
    store,
    'PUT',
    `/api/products/${id}/update-json`,
    { name: 'Kit', price: '29.90', ...body },
    { cookie: admin },
  )

async function newKit(ids: number[], priceCents = 2990) {
  const kit = await insertProduct(store, { name: 'Kit Completo', priceCents })
  const res = await updateJson(kit.id, {
    name: 'Kit Completo',
    price: (priceCents / 100).toFixed(2),
    bundleProductIds: ids,
  })
  if (res.statusCode !== 200) throw new Error(`kit: ${res.statusCode} ${res.body}`)
  store.app.services.catalog.invalidate()
  return { id: kit.id, view: res.json<AdminProduct>() }
}

describe('a kit', () => {
  it('lists what it contains with each item’s own price (JSON route: an array)', async () => {
    const kit = await newKit([caderno.id, cartaz.id, jogo.id])
    expect(kit.view.bundleProductIds).toEqual([caderno.id, cartaz.id, jogo.id])
    const page = (await call(store, 'GET', `/api/products/${kit.id}`)).json<Product>()
    expect(page.bundleItems.map((i) => [i.productId, i.name, i.price])).toEqual([
      [caderno.id, 'Caderno', '20.00'],
      [cartaz.id, 'Cartaz', '15.00'],
      [jogo.id, 'Jogo', '10.00'],
    ])
  })

  it('takes its contents as JSON text in a multipart form, and [] makes it plain again', async () => {
    const kit = await insertProduct(store, { name: 'Kit Multipart', priceCents: 2500 })
    const form = formData(
      productFields({ name: 'Kit Multipart', price: '25.00', bundleProductIds: `[${jogo.id}]` }),
      [],
    )
    const res = await sendForm(store, `/api/products/${kit.id}`, form, admin, 'PUT')
    expect(res.json<AdminProduct>().bundleProductIds).toEqual([jogo.id])
    const bad = formData(productFields({ bundleProductIds: 'não é json' }), [])
    const refused = await sendForm(store, `/api/products/${kit.id}`, bad, admin, 'PUT')
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { message: 'Lista de produtos do kit inválida' },
    ])
    const plain = await updateJson(kit.id, { bundleProductIds: [] })
    expect(plain.json<AdminProduct>().bundleProductIds).toEqual([])
  })

  it('is created with a cover and no file of its own', async () => {
    const form = formData(
      productFields({ name: 'Kit Novo', bundleProductIds: JSON.stringify([caderno.id, jogo.id]) }),
      [
        {
          field: 'imageFile',
          name: 'capa.png',
          bytes: await samplePng(300, 300),
          type: 'image/png',
        },
      ],
    )
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.statusCode).toBe(201)
    const created = await call(store, 'GET', `/api/products/${res.json<{ id: number }>().id}`)
    expect(created.json<Product>().bundleProductIds).toEqual([caderno.id, jogo.id])
  })

  it('cannot contain itself, another kit, or a product that does not exist', async () => {
    const kit = await newKit([caderno.id])
    const cases: [number, unknown, string][] = [
      [kit.id, [kit.id], 'Um kit não pode conter a si mesmo'],
      [jogo.id, [kit.id], 'Um kit não pode conter outro kit'],
      [kit.id, [999_999], 'Um dos produtos do kit não existe'],
      [caderno.id, [jogo.id], 'Este produto faz parte de um kit e não pode virar um kit'],
      [kit.id, [-1], 'Lista de produtos do kit inválida'],
      [kit.id, 'abc', 'Lista de produtos do kit inválida'],
    ]
    for (const [id, bundleProductIds, message] of cases) {
      const res = await updateJson(id, { bundleProductIds })
      expect([res.statusCode, res.json()]).toEqual([400, { message }])
    }
  })

  it('is charged its own price, whatever the client sends', async () => {
    const kit = await newKit([caderno.id, cartaz.id], 2500)
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      {
        items: [{ productId: kit.id, quantity: 1, price: '0.01' }],
        customerData: {
          firstName: 'Ana',
          lastName: 'Lima',
          email: 'ana@exemplo.com',
          whatsapp: '(11) 98765-4321',
          createAccount: false,
          acceptTerms: true,
        },
      },
      { session: newCartSession() },
    )
    expect(res.json()).toMatchObject({ order: { totalAmount: '25.00' } })
  })
})

describe('two kit edits at once', () => {
  it('never make two products kits of each other', async () => {
    for (let round = 0; round < 10; round += 1) {
      const a = await insertProduct(store, { name: `A${round}`, priceCents: 1000 })
      const b = await insertProduct(store, { name: `B${round}`, priceCents: 1000 })
      const [first, second] = await Promise.all([
        updateJson(a.id, { name: `A${round}`, price: '10.00', bundleProductIds: [b.id] }),
        updateJson(b.id, { name: `B${round}`, price: '10.00', bundleProductIds: [a.id] }),
      ])
      const statuses = [first.statusCode, second.statusCode].sort()
      expect(statuses).toEqual([200, 400])
      const refused = first.statusCode === 400 ? first : second
      expect(refused.json().message).toMatch(
        /^(Um kit não pode conter outro kit|Este produto faz parte de um kit)/,
      )
      const items = await store.database.db
        .select()
        .from(productBundleItems)
        .where(inArray(productBundleItems.bundleId, [a.id, b.id]))
      expect(items).toHaveLength(1)
    }
  })
})

describe('paying a kit', () => {
  it('grants one purchase per included product, once, under 20 simultaneous confirmations', async () => {
    const kit = await newKit([caderno.id, cartaz.id, jogo.id])
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: kit.id }])
    const [line] = await store.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
    expect(line!.bundleProductIds).toEqual([caderno.id, cartaz.id, jogo.id])
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.app.services.orders.markOrderPaid(order.id, 'admin')),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const granted = await store.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.orderId, order.id))
    expect(granted.map((p) => p.productId).sort()).toEqual([caderno.id, cartaz.id, jogo.id].sort())
    expect(granted.every((p) => p.maxDownloads === 3)).toBe(true)
  })

  it('keeps every item for its buyers when an included product is deactivated or deleted', async () => {
    const extra = await insertProduct(store, { name: 'Só no kit', priceCents: 500 })
    const kit = await newKit([extra.id, jogo.id])
    const buyer = await buyAsGuest(store, kit.id)
    const off = await call(
      store,
      'PUT',
      `/api/admin/products-light/${extra.id}/toggle`,
      { isActive: false },
      { cookie: admin },
    )
    expect(off.statusCode).toBe(200)
    expect((await grantedDownload(store, buyer, extra.id)).success).toBe(true)
    // Bought only inside a kit still counts as sold: deleting it hides it, files kept.
    const del = await call(store, 'DELETE', `/api/products/${extra.id}`, undefined, {
      cookie: admin,
    })
    expect(del.json()).toMatchObject({ removed: 'hidden' })
    expect((await grantedDownload(store, buyer, jogo.id)).success).toBe(true)
    expect((await grantedDownload(store, buyer, extra.id)).success).toBe(true)
  })
})
