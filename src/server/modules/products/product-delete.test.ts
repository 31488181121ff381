import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerPurchase } from '../../../contracts/customer.js'
import type { Product } from '../../../contracts/products.js'
import { purchases } from '../downloads/downloads.tables.js'
import { productFiles, productImages, products } from './products.tables.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, newCartSession } from '../../testing/commerce.js'
import { samplePng } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, samplePdf, sendForm, storedFile } from '../../testing/uploads.js'

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

async function upload(name: string, colour: string) {
  const pdf = samplePdf(2000)
  const form = formData(productFields({ name }), [
    { field: 'imageFile', name: 'capa.png', bytes: await samplePng(120, 120, colour) },
    { field: 'downloadFile', name: 'material.pdf', bytes: pdf },
  ])
  const res = await sendForm(store, '/api/products', form, admin)
  if (res.statusCode !== 201) throw new Error(res.body)
  return { id: res.json<{ id: number }>().id, pdf }
}

const remove = (id: number) =>
  store.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: { cookie: admin } })
const catalogue = async () =>
  (await store.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>()

describe('DELETE /api/products/:id', () => {
  it('hides a bought product and keeps its file for the buyer', async () => {
    const { id, pdf } = await upload('Material Vendido', '#336699')
    const buyer = await customerSession(store.app)
    const checkout = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: id }] },
      {
        cookie: buyer.cookie,
        session: newCartSession(),
      },
    )
    expect(checkout.statusCode, checkout.body).toBe(201)
    const orderId = checkout.json<{ order: { id: string } }>().order.id
    const paid = await call(
      store,
      'PUT',
      `/api/admin/orders/${orderId}/status`,
      { status: 'paid' },
      {
        cookie: admin,
      },
    )
    expect(paid.statusCode, paid.body).toBe(200)

    const res = await remove(id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, id, removed: 'hidden' })

    expect((await catalogue()).map((p) => p.id)).not.toContain(id)
    expect((await store.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(
      404,
    )
    const light = await call(store, 'GET', '/api/admin/products-light', undefined, {
      cookie: admin,
    })
    expect(light.json<{ id: number }[]>().map((p) => p.id)).not.toContain(id)

    const mine = await call(store, 'GET', '/api/user/purchases', undefined, {
      cookie: buyer.cookie,
    })
    expect(mine.json<CustomerPurchase[]>()).toMatchObject([
      {
        productId: id,
        product: { name: 'Material Vendido' },
        files: [{ fileName: 'material.pdf' }],
      },
    ])
    // The buyer still downloads the very bytes that were uploaded.
    const asked = await call(store, 'POST', `/api/user/download/${id}?data=0`, undefined, {
      cookie: buyer.cookie,
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const link = asked.json<{ downloadUrl: string }>().downloadUrl
    const file = await store.app.inject({ method: 'GET', url: link })
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(pdf)).toBe(true)
    const [purchase] = await store.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.productId, id))
    expect(purchase?.revokedAt).toBeNull()
    expect((await storedFile(store, id, 0))?.bytes.equals(pdf)).toBe(true)
    const [product] = await store.database.db.select().from(products).where(eq(products.id, id))
    expect(product).toMatchObject({ isActive: false, deletedAt: expect.any(Date) })
    // Deleted once is deleted: a second call finds nothing.
    expect((await remove(id)).statusCode).toBe(404)
  })

  it('removes a product nobody bought, with its rows and its files', async () => {
    const { id } = await upload('Material Sem Venda', '#993366')
    const file = await storedFile(store, id, 0)
    const [image] = await store.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
    const res = await remove(id)
    expect(res.json()).toEqual({ success: true, id, removed: 'deleted' })
    const db = store.database.db
    expect(await db.select().from(products).where(eq(products.id, id))).toEqual([])
    expect(await db.select().from(productFiles).where(eq(productFiles.productId, id))).toEqual([])
    expect(await store.storage.size(file!.row.storageKey)).toBeNull()
    for (const key of Object.values(image!.variants))
      expect(await store.storage.size(key)).toBeNull()
  })

  it('answers 404 for an unknown product', async () => {
    const res = await remove(999_999)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Produto não encontrado' })
  })
})
