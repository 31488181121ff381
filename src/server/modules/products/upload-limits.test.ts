import { request, type ClientRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  sendForm,
} from '../../testing/uploads.js'

const LIMIT = 256 * 1024

let store: TestStore
let admin: string
let port: number
beforeAll(async () => {
  store = await createTestStore({ env: { MAX_UPLOAD_BYTES: String(LIMIT) } })
  admin = (await adminSession(store.app)).cookie
  await store.app.listen({ port: 0, host: '127.0.0.1' })
  port = (store.app.server.address() as { port: number }).port
})
afterAll(() => store.close())

async function nothingLeft() {
  expect(await store.database.db.select().from(products)).toEqual([])
  expect(await filesUnder(store.app.deps.config.filesDir)).toEqual([])
  expect(await filesUnder(store.app.deps.config.tmpDir)).toEqual([])
}

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('condition not met in time')
}

/**
 * A multipart upload over a real socket that sends the cover, then starts a PDF and keeps
 * sending it for as long as the test wants: the body never ends unless the test ends it.
 */
async function openUpload() {
  const boundary = `----loja${Date.now()}`
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const fileHead = (name: string, file: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: ${type}\r\n\r\n`
  const req: ClientRequest = request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: '/api/products',
    headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  req.on('error', () => {})
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    req.on('response', (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
  })
  for (const [k, v] of Object.entries(productFields())) req.write(field(k, v))
  req.write(fileHead('imageFile', 'capa.png', 'image/png'))
  req.write(await samplePng(200, 200))
  req.write(`\r\n${fileHead('downloadFile', 'grande.pdf', 'application/pdf')}`)
  req.write(samplePdf(1000))
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  return {
    req,
    answer,
    send: (chunks: number) => Array.from({ length: chunks }, () => req.write(chunk)),
  }
}

describe('an upload over the size limit', () => {
  it('is refused while it is still streaming, with nothing left on disk', async () => {
    const upload = await openUpload()
    // Twice the limit is sent and the body is never finished: only a check made while the
    // bytes flow can answer.
    upload.send((2 * LIMIT) / (64 * 1024))
    const { status, body } = await upload.answer
    upload.req.destroy()
    expect(status).toBe(413)
    expect(JSON.parse(body)).toEqual({ message: 'Cada arquivo deve ter no máximo 256KB' })
    await until(async () => (await filesUnder(store.app.deps.config.tmpDir)).length === 0)
    await nothingLeft()
  })

  it('is refused the same way when the whole body arrives at once', async () => {
    const [cover] = await requiredFiles()
    const big = { field: 'downloadFile', name: 'grande.pdf', bytes: samplePdf(LIMIT) }
    const res = await sendForm(
      store,
      '/api/products',
      formData(productFields(), [cover!, big]),
      admin,
    )
    expect(res.statusCode).toBe(413)
    await nothingLeft()
  })

  it('still accepts a file just under the limit afterwards', async () => {
    const [cover] = await requiredFiles()
    const file = { field: 'downloadFile', name: 'ok.pdf', bytes: samplePdf(LIMIT - 100) }
    const res = await sendForm(
      store,
      '/api/products',
      formData(productFields(), [cover!, file]),
      admin,
    )
    expect(res.statusCode, res.body).toBe(201)
    await store.app.inject({
      method: 'DELETE',
      url: `/api/products/${res.json().id}`,
      headers: { cookie: admin },
    })
    await nothingLeft()
  })
})

describe('an upload the client abandons', () => {
  it('leaves no product, no stored file and no temporary file', async () => {
    const upload = await openUpload()
    upload.send(1)
    const tmp = store.app.deps.config.tmpDir
    // The PDF is arriving in its temporary file when the client goes away.
    await until(async () => (await filesUnder(tmp)).some((f) => f.endsWith('.part')))
    upload.req.destroy()
    await until(async () => (await filesUnder(tmp)).length === 0)
    await nothingLeft()
  })
})
