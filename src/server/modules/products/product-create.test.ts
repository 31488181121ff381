import path from 'node:path'
import sharp from 'sharp'
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
  sampleZip,
  samplePdf,
  sendForm,
  sha256,
  storedFile,
} from '../../testing/uploads.js'

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const get = (url: string) => store.app.inject({ method: 'GET', url })

describe('POST /api/products (multipart)', () => {
  it('stores the cover, 3 extra images, the main PDF and 2 extra files, byte for byte', async () => {
    const extras = await Promise.all(
      ['#111111', '#2222aa', '#33aa33'].map((c) => samplePng(300, 200, c)),
    )
    const [cover, main] = await requiredFiles()
    const docx = sampleZip(5000)
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(3000, 7)])
    const form = formData(productFields({ category: 'MATEMÁTICA' }), [
      cover!,
      main!,
      ...extras.map((bytes, i) => ({ field: 'additionalImages', name: `extra-${i}.png`, bytes })),
      { field: 'downloadFiles', name: 'Gabarito.docx', bytes: docx },
      { field: 'downloadFiles', name: 'notas.xls', bytes: xls },
    ])
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.statusCode, res.body).toBe(201)
    const { id, name } = res.json<{ id: number; name: string }>()
    expect(name).toBe('Kit Alfabetização')

    const product = (await get(`/api/products/${id}`)).json<Product>()
    expect(product).toMatchObject({
      price: '19.90',
      category: 'matematica',
      isActive: true,
      downloadFileName: 'material.pdf',
      mimeType: 'application/pdf',
    })
    expect(product.additionalImages).toHaveLength(3)
    expect(product.downloadFiles.map((f) => [f.fileName, f.mimeType])).toEqual([
      ['material.pdf', 'application/pdf'],
      ['Gabarito.docx', expect.stringContaining('wordprocessingml')],
      ['notas.xls', 'application/vnd.ms-excel'],
    ])

    for (const [position, bytes] of [main!.bytes, docx, xls].entries()) {
      const stored = await storedFile(store, id, position)
      expect(stored?.bytes.equals(bytes)).toBe(true)
      expect(stored?.row.sha256).toBe(sha256(bytes))
    }

    const coverImage = await get(`${product.imageUrl}&size=full`)
    expect(coverImage.headers['content-type']).toBe('image/webp')
    expect(await sharp(coverImage.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 })
    for (const [i, url] of product.additionalImages.entries()) {
      const image = await get(url)
      expect(image.headers['content-type']).toBe('image/webp')
      const { dominant } = await sharp(image.rawPayload).stats()
      const expected = await sharp(extras[i]).stats()
      expect(dominant).toEqual(expected.dominant)
    }
    expect(await filesUnder(store.app.deps.config.tmpDir)).toEqual([])
  })

  it('makes a free product cost 0.00 whatever price was typed', async () => {
    const form = formData(
      productFields({ name: 'Calendário Grátis', isFree: 'true', price: '25.00' }),
      await requiredFiles(),
    )
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.statusCode, res.body).toBe(201)
    const product = (await get(`/api/products/${res.json().id}`)).json<Product>()
    expect(product).toMatchObject({ isFree: true, price: '0.00' })
  })

  it('takes an external link instead of a download file', async () => {
    const [cover] = await requiredFiles()
    const form = formData(
      productFields({ name: 'Modelo Canva', externalLink: 'https://www.canva.com/design/abc' }),
      [cover!],
    )
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.statusCode, res.body).toBe(201)
    // The administration sees the link; the public catalogue keeps a paid one for its buyers.
    const edited = await store.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: { cookie: admin },
    })
    const product = edited.json<Product[]>().find((p) => p.id === res.json().id)!
    expect(product).toMatchObject({ externalLink: 'https://www.canva.com/design/abc' })
    expect(product.downloadFiles).toEqual([])
    const shown = (await get(`/api/products/${product.id}`)).json<Product>()
    expect(shown.externalLink).toBeNull()
  })
})

describe('POST /api/products/base64 and /base64-multiple', () => {
  it('creates a product from base64 files, data URLs included', async () => {
    const png = await samplePng(200, 200)
    const pdf = samplePdf(1000)
    const zip = sampleZip(500)
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/products/base64-multiple',
      headers: { cookie: admin },
      payload: {
        ...productFields({ name: 'Produto Base64' }),
        price: 12.5,
        isFree: false,
        imageBase64: `data:image/png;base64,${png.toString('base64')}`,
        downloadFileBase64: pdf.toString('base64'),
        downloadFileName: 'apostila.pdf',
        downloadFileType: 'application/pdf',
        additionalFiles: [
          { filename: 'extra.zip', mimetype: 'application/zip', data: zip.toString('base64') },
          { filename: 'foto.png', mimetype: 'image/png', data: png.toString('base64') },
        ],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ id: expect.any(Number), name: 'Produto Base64' })
    expect(body.product).toEqual({ id: body.id, name: 'Produto Base64' })
    const product = (await get(`/api/products/${body.id}`)).json<Product>()
    expect(product.price).toBe('12.50')
    expect(product.additionalImages).toHaveLength(1)
    expect((await storedFile(store, body.id, 0))?.bytes.equals(pdf)).toBe(true)
    expect((await storedFile(store, body.id, 1))?.bytes.equals(zip)).toBe(true)
  })

  it('refuses a body above 60 MB with a message that points to the upload form', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/products/base64',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...productFields(), imageBase64: 'A'.repeat(61 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      message:
        'Arquivo grande demais para envio em base64 (máximo 60 MB). Use o formulário com upload.',
    })
  })
})

it('keeps uploads out of the web root and the temporary folder', async () => {
  const { filesDir, tmpDir, clientDir } = store.app.deps.config
  expect(path.relative(clientDir, filesDir).startsWith('..')).toBe(true)
  expect(await filesUnder(tmpDir)).toEqual([])
})

describe('prices as a Brazilian owner types them', () => {
  it.each([
    ['12,50', '12.50'],
    ['R$ 9,90', '9.90'],
    ['1.250,00', '1250.00'],
  ])('reads %s as %s, never as a hundred times more', async (typed, saved) => {
    const form = formData(productFields({ price: typed }), await requiredFiles())
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.statusCode, res.body).toBe(201)
    const product = (await get(`/api/products/${res.json<{ id: number }>().id}`)).json<Product>()
    expect(product.price).toBe(saved)
  })

  it('refuses the English "1,250.00" instead of guessing', async () => {
    const form = formData(productFields({ price: '1,250.00' }), await requiredFiles())
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.statusCode).toBe(400)
  })
})
