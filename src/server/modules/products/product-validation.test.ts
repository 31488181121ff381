import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_MESSAGES } from '../../../contracts/product-form.js'
import { products } from './products.tables.js'
import { adminSession } from '../../testing/auth.js'
import { samplePng } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import {
  filesUnder,
  formData,
  productFields,
  requiredFiles,
  samplePdf,
  sampleZip,
  sendForm,
  type FormFile,
} from '../../testing/uploads.js'

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

// Every refusal leaves nothing: no product row, no stored object, no temporary file.
afterEach(async () => {
  expect(await store.database.db.select().from(products)).toEqual([])
  expect(await filesUnder(store.app.deps.config.filesDir)).toEqual([])
  expect(await filesUnder(store.app.deps.config.tmpDir)).toEqual([])
})

async function create(fields: Record<string, string>, files?: FormFile[]) {
  const res = await sendForm(
    store,
    '/api/products',
    formData(fields, files ?? (await requiredFiles())),
    admin,
  )
  return { status: res.statusCode, message: res.json<{ message: string }>().message }
}

const M = PRODUCT_MESSAGES

describe('the text fields', () => {
  it.each([
    ['no name', { name: undefined }, M.required],
    ['a blank name', { name: '   ' }, M.required],
    ['no description', { description: undefined }, M.required],
    ['no price', { price: undefined }, M.required],
    ['a price with 3 decimals', { price: '19.999' }, M.price],
    ['a negative price', { price: '-1' }, M.price],
    ['a price that is not a number', { price: 'dezenove' }, M.price],
    ['no category', { category: undefined }, M.category],
    ['an unknown category', { category: 'culinaria' }, M.category],
    ['an FTP external link', { externalLink: 'ftp://arquivos.com/a.pdf' }, M.externalLink],
    ['an external link that is no URL', { downloadUrl: 'meu link' }, M.externalLink],
  ])('refuses %s', async (_label, overrides, message) => {
    expect(await create(productFields(overrides))).toEqual({ status: 400, message })
  })
})

describe('the files', () => {
  const png = () => samplePng(100, 100)

  it('needs a cover image', async () => {
    const [, pdf] = await requiredFiles()
    expect(await create(productFields(), [pdf!])).toEqual({ status: 400, message: M.files })
  })

  it('needs a download file unless an external link is given', async () => {
    const [cover] = await requiredFiles()
    expect(await create(productFields(), [cover!])).toEqual({ status: 400, message: M.files })
  })

  it('refuses an iPhone HEIC photo with its own message', async () => {
    const heic = Buffer.concat([Buffer.from('000000186674797068656963', 'hex'), Buffer.alloc(2000)])
    const [, pdf] = await requiredFiles()
    const files = [{ field: 'imageFile', name: 'IMG_0001.HEIC', bytes: heic }, pdf!]
    expect(await create(productFields(), files)).toEqual({ status: 415, message: M.heic })
  })

  it('tells an image by its content, not its name', async () => {
    const [, pdf] = await requiredFiles()
    const files = [{ field: 'imageFile', name: 'capa.png', bytes: samplePdf() }, pdf!]
    expect(await create(productFields(), files)).toEqual({ status: 415, message: M.imageType })
  })

  it.each([
    ['an image as the download', 'material.pdf', () => png()],
    ['a ZIP named .pdf', 'material.pdf', () => sampleZip()],
    ['a PDF named .docx', 'material.docx', () => samplePdf()],
    ['a text file', 'leia.txt', () => Buffer.from('apenas texto '.repeat(200))],
  ])('refuses %s', async (_label, name, bytes) => {
    const [cover] = await requiredFiles()
    const files = [cover!, { field: 'downloadFile', name, bytes: await bytes() }]
    expect(await create(productFields(), files)).toEqual({ status: 415, message: M.downloadType })
  })

  it('takes 10 additional images and refuses the 11th', async () => {
    const image = await png()
    const extras = Array.from({ length: 11 }, (_, i) => ({
      field: 'additionalImages',
      name: `extra-${i}.png`,
      bytes: image,
    }))
    const files = [...(await requiredFiles()), ...extras]
    expect(await create(productFields(), files)).toEqual({
      status: 400,
      message: 'Máximo de 10 imagens adicionais permitidas',
    })
  })

  it('takes 20 additional files and refuses the 21st', async () => {
    const extras = Array.from({ length: 21 }, (_, i) => ({
      field: 'downloadFiles',
      name: `extra-${i}.pdf`,
      bytes: samplePdf(100),
    }))
    const files = [...(await requiredFiles()), ...extras]
    expect(await create(productFields(), files)).toEqual({
      status: 400,
      message: 'Máximo de 20 arquivos adicionais permitidos',
    })
  })

  it('refuses an unknown file field and a form that is not multipart', async () => {
    const files = [...(await requiredFiles()), { field: 'foto', name: 'x.png', bytes: await png() }]
    expect(await create(productFields(), files)).toEqual({
      status: 400,
      message: 'Campo de arquivo desconhecido: foto',
    })
    const json = await store.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: productFields(),
    })
    expect(json.statusCode).toBe(415)
  })

  it('ignores a file input left empty', async () => {
    const files = [
      ...(await requiredFiles()),
      { field: 'additionalImages', name: '', bytes: Buffer.alloc(0) },
    ]
    const form = formData(productFields({ name: undefined }), files)
    const res = await sendForm(store, '/api/products', form, admin)
    expect(res.json()).toEqual({ message: M.required })
  })
})
