import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { samplePng } from '../../testing/fixtures.js'
import { samplePdf as realPdf } from '../../testing/sample-pdf.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import {
  formData,
  productFields,
  samplePdf,
  sendForm,
  type FormFile,
} from '../../testing/uploads.js'

// The pages of a material, read from its main PDF at upload when the owner gives none.

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const pdf = (bytes: Uint8Array | Buffer, name = 'material.pdf'): FormFile => ({
  field: 'downloadFile',
  name,
  bytes: Buffer.from(bytes),
  type: 'application/pdf',
})
const cover = async (): Promise<FormFile> => ({
  field: 'imageFile',
  name: 'capa.png',
  bytes: await samplePng(400, 300),
  type: 'image/png',
})

async function create(main: FormFile, fields: Record<string, string> = {}) {
  const form = formData(productFields(fields), [await cover(), main])
  const res = await sendForm(store, '/api/products', form, admin)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: number }>().id
}
const replaceMain = (id: number, main: FormFile, fields: Record<string, string> = {}) =>
  sendForm(
    store,
    `/api/products/${id}`,
    formData(productFields({ name: 'Kit', price: '19.90', ...fields }), [main]),
    admin,
    'PUT',
  )
async function read(id: number) {
  const res = await store.app.inject({
    method: 'GET',
    url: '/api/admin/products',
    headers: { cookie: admin },
  })
  return res.json<AdminProduct[]>().find((p) => p.id === id)!
}

/** A real PDF whose tail is cut: it still ends with %%EOF, but pdf-lib cannot read it. */
async function brokenPdf() {
  const whole = Buffer.from(await realPdf({ pages: 3 }))
  return Buffer.concat([whole.subarray(0, 200), Buffer.from('\nstartxref\n999999\n%%EOF\n')])
}

describe('pages read from the PDF', () => {
  it('reads the page count of a real PDF and says it was read', async () => {
    const id = await create(pdf(await realPdf({ pages: 7 })))
    expect(await read(id)).toMatchObject({ paginas: 7, paginasFromPdf: true })
  })

  it("keeps the owner's number over the file's", async () => {
    const id = await create(pdf(await realPdf({ pages: 7 })), { paginas: '30' })
    expect(await read(id)).toMatchObject({ paginas: 30, paginasFromPdf: false })
    // A new PDF does not touch her number either.
    const res = await replaceMain(id, pdf(await realPdf({ pages: 2 })), { paginas: '30' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await read(id)).toMatchObject({ paginas: 30, paginasFromPdf: false })
  })

  it('a new PDF replaces a count read from the old one, the form sending back what it showed', async () => {
    const id = await create(pdf(await realPdf({ pages: 4 })))
    const res = await replaceMain(id, pdf(await realPdf({ pages: 9 })), { paginas: '4' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await read(id)).toMatchObject({ paginas: 9, paginasFromPdf: true })
    // Typing another number makes it hers.
    const typed = await store.app.inject({
      method: 'PUT',
      url: `/api/products/${id}/update-json`,
      headers: { cookie: admin },
      payload: { name: 'Kit', price: '19.90', paginas: '10' },
    })
    expect(typed.statusCode, typed.body).toBe(200)
    expect(await read(id)).toMatchObject({ paginas: 10, paginasFromPdf: false })
  })

  it('a PDF that does not parse is still taken, and the pages stay as they were', async () => {
    const none = await create(pdf(await brokenPdf()))
    expect(await read(none)).toMatchObject({ paginas: null, paginasFromPdf: false })
    const noise = await create(pdf(samplePdf()))
    expect(await read(noise)).toMatchObject({ paginas: null })

    const id = await create(pdf(await realPdf({ pages: 5 })))
    const res = await replaceMain(id, pdf(await brokenPdf()), { paginas: '5' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await read(id)).toMatchObject({ paginas: 5, downloadFileName: 'material.pdf' })
  })

  it('reads nothing from a ZIP', async () => {
    const zip: FormFile = {
      field: 'downloadFile',
      name: 'material.zip',
      bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
      type: 'application/zip',
    }
    expect(await read(await create(zip))).toMatchObject({ paginas: null })
  })
})
