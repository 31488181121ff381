import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { samplePng } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import {
  filesUnder,
  formData,
  productFields,
  requiredFiles,
  samplePdf,
  sendForm,
  storedFile,
} from '../../testing/uploads.js'

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const colours = ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa', '#aa00aa']

async function createProduct(fields: Record<string, string | undefined> = {}) {
  const extras = await Promise.all(
    // Colours of its own: images are stored by content, and shared ones would stay.
    [0, 1].map(async (i) => ({
      field: 'additionalImages',
      name: `old-${i}.png`,
      bytes: await samplePng(64, 64, `#${randomBytes(3).toString('hex')}`),
    })),
  )
  const extraFile = { field: 'downloadFiles', name: 'velho.pdf', bytes: samplePdf(300) }
  const form = formData(productFields(fields), [...(await requiredFiles()), ...extras, extraFile])
  const res = await sendForm(store, '/api/products', form, admin)
  if (res.statusCode !== 201) throw new Error(res.body)
  return res.json<{ id: number }>().id
}

const json = (method: 'PUT' | 'GET', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) })
const publicProduct = (id: number) =>
  store.app.inject({ method: 'GET', url: `/api/products/${id}` })

describe('PUT /api/products/:id (multipart)', () => {
  it('changes the text fields and answers the product as the admin sees it', async () => {
    const id = await createProduct()
    const form = formData(
      { name: 'Kit Ciências', price: '29.90', category: 'CIÊNCIAS', isActive: 'false' },
      [],
    )
    const res = await sendForm(store, `/api/products/${id}`, form, admin, 'PUT')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<Product>()).toMatchObject({
      id,
      name: 'Kit Ciências',
      price: '29.90',
      category: 'ciencias',
      isActive: false,
      description: 'Atividades de sílabas para imprimir',
    })
    expect((await publicProduct(id)).statusCode).toBe(404)
  })

  it('replaces the cover, the extra images (5 at most) and the extra files', async () => {
    const id = await createProduct()
    const before = (await publicProduct(id)).json<Product>()
    const oldExtraFile = await storedFile(store, id, 1)
    const extras = await Promise.all(
      colours.slice(0, 5).map(async (c, i) => ({
        field: 'additionalImages',
        name: `new-${i}.png`,
        bytes: await samplePng(80, 80, c.replace('aa', 'cc')),
      })),
    )
    const cover = {
      field: 'imageFile',
      name: 'nova.jpg',
      bytes: await samplePng(90, 90, '#123456'),
    }
    const newFile = { field: 'downloadFiles', name: 'novo.pdf', bytes: samplePdf(500) }
    const form = formData(productFields({ name: 'Kit Novo' }), [cover, ...extras, newFile])
    const res = await sendForm(store, `/api/products/${id}`, form, admin, 'PUT')
    expect(res.statusCode, res.body).toBe(200)
    const after = res.json<Product>()
    expect(after.imageUrl).not.toBe(before.imageUrl)
    expect(after.additionalImages).toHaveLength(5)
    expect(after.downloadFiles.map((f) => f.fileName)).toEqual(['material.pdf', 'novo.pdf'])
    expect((await storedFile(store, id, 1))?.bytes.equals(newFile.bytes)).toBe(true)
    // What the product no longer uses is gone from storage; its main file stays.
    expect(await store.storage.size(oldExtraFile!.row.storageKey)).toBeNull()
    const oldHash = before.additionalImages[0]!.split('v=')[1]!
    const stored = await filesUnder(store.app.deps.config.filesDir)
    expect(stored.filter((f) => f.includes(oldHash))).toEqual([])
    expect((await storedFile(store, id, 0))?.row.fileName).toBe('material.pdf')
  })

  it('refuses a sixth extra image on edit and changes nothing', async () => {
    const id = await createProduct({ name: 'Intocado' })
    const image = await samplePng(40, 40)
    const extras = colours.map((_, i) => ({
      field: 'additionalImages',
      name: `${i}.png`,
      bytes: image,
    }))
    const form = formData(productFields({ name: 'Mudado' }), extras)
    const res = await sendForm(store, `/api/products/${id}`, form, admin, 'PUT')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Máximo de 5 imagens adicionais permitidas' })
    expect((await publicProduct(id)).json<Product>()).toMatchObject({ name: 'Intocado' })
    expect(await filesUnder(store.app.deps.config.tmpDir)).toEqual([])
  })
})

describe('PUT /api/products/:id/update-json', () => {
  it.each([
    ['no name', { price: '10.00' }],
    ['a blank name', { name: '  ', price: '10.00' }],
    ['no price', { name: 'Kit' }],
    ['a blank price', { name: 'Kit', price: ' ' }],
  ])('refuses %s with the edit message', async (_label, body) => {
    const id = await createProduct()
    const res = await json('PUT', `/api/products/${id}/update-json`, body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Nome e preço são obrigatórios.' })
  })

  it('changes the price the store shows at once', async () => {
    const id = await createProduct()
    const res = await json('PUT', `/api/products/${id}/update-json`, { name: 'Kit', price: 7.5 })
    expect(res.statusCode, res.body).toBe(200)
    expect((await publicProduct(id)).json<Product>()).toMatchObject({ name: 'Kit', price: '7.50' })
  })

  it('makes a free product a paid one when a price is set, and free forces 0.00', async () => {
    const id = await createProduct({ isFree: 'true', price: '0' })
    await json('PUT', `/api/products/${id}/update-json`, { name: 'Agora pago', price: '10.00' })
    expect((await publicProduct(id)).json<Product>()).toMatchObject({
      isFree: false,
      price: '10.00',
    })
    await json('PUT', `/api/products/${id}/update-json`, {
      name: 'Grátis',
      price: '9',
      isFree: true,
    })
    expect((await publicProduct(id)).json<Product>()).toMatchObject({ isFree: true, price: '0.00' })
  })

  it('is also what PUT /api/products/:id does with a JSON body', async () => {
    const id = await createProduct()
    const res = await json('PUT', `/api/products/${id}`, { name: 'Via JSON', price: '3.00' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<Product>()).toMatchObject({ name: 'Via JSON', price: '3.00' })
  })

  it('answers 404 for a product that does not exist', async () => {
    const res = await json('PUT', '/api/products/999999/update-json', { name: 'x', price: '1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Produto não encontrado' })
  })
})

describe('PUT /api/admin/products-light/:id/toggle', () => {
  it('hides a product from the store and brings it back', async () => {
    const id = await createProduct()
    const url = `/api/admin/products-light/${id}/toggle`
    expect((await json('PUT', url, { isActive: false })).json()).toEqual({ id, isActive: false })
    expect((await publicProduct(id)).statusCode).toBe(404)
    expect((await json('PUT', url, { isActive: true })).json()).toEqual({ id, isActive: true })
    expect((await publicProduct(id)).statusCode).toBe(200)
    // Without a body it flips.
    expect((await json('PUT', url)).json()).toEqual({ id, isActive: false })
    expect(
      (await json('PUT', '/api/admin/products-light/999999/toggle', { isActive: true })).statusCode,
    ).toBe(404)
  })
})
