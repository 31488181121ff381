import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer } from '../../../../bench/server-process.js'
import { samplePdf } from '../../testing/sample-pdf.js'
import { prepareCrashServer, type CrashServer } from '../../testing/crash-server.js'
import { filesUnder } from '../../testing/uploads.js'

let server: CrashServer

beforeAll(async () => {
  server = await prepareCrashServer('stamp-crash-test')
})
afterAll(() => server.remove())

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve))
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** A stamped product with a big PDF, and a guest's paid order of it. */
async function paidPurchase(baseUrl: string) {
  const login = await post(`${baseUrl}/api/auth/simple-login`, {
    email: 'admin@teste.com',
    password: 'admin-senha-123',
  })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const cover = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#999' } })
    .png()
    .toBuffer()
  const pdf = Buffer.from(await samplePdf({ pages: 120, imageBytes: 120_000, title: 'Grande' }))
  const created = await post(
    `${baseUrl}/api/products/base64`,
    {
      ...{ name: 'Apostila grande', description: 'Muitas páginas', price: '19.90' },
      ...{ category: 'alfabetizacao', imageBase64: cover.toString('base64') },
      ...{ imageFileName: 'capa.png', downloadFileBase64: pdf.toString('base64') },
      ...{ downloadFileName: 'apostila.pdf', downloadFileType: 'application/pdf' },
    },
    { cookie },
  )
  const { id: productId } = (await created.json()) as { id: number }
  const session = `cart_${randomBytes(16).toString('hex')}_${Date.now()}`
  const buyer = { email: 'ines@escola.com', whatsapp: '(11) 98765-4321' }
  const placed = await post(
    `${baseUrl}/api/checkout`,
    {
      items: [{ productId, quantity: 1 }],
      customerData: {
        ...{ firstName: 'Inês', lastName: 'Gonçalves', ...buyer },
        ...{ createAccount: false, acceptTerms: true },
      },
    },
    { 'x-session-id': session },
  )
  const { order } = (await placed.json()) as { order: { id: string } }
  await post(`${baseUrl}/api/orders/${order.id}/confirm-payment`, {}, { 'x-session-id': session })
  return { productId, orderId: order.id, buyer }
}

it('a server killed mid-stamp leaves no half-written copy; the copy is made after the restart', async () => {
  const first = await startServer(server.env, server.entry)
  const stamped = path.join(server.dataDir, 'files', 'stamped')
  const threads = () => readdir(`/proc/${first.child.pid}/task`).then((t) => t.length)
  const idle = await threads()
  const { productId, orderId, buyer } = await paidPurchase(first.baseUrl)
  const link = await post(`${first.baseUrl}/api/guest-download?data=0`, { productId, ...buyer })
  const { downloadUrl } = (await link.json()) as { downloadUrl: string }
  // The background job (every 2 s) starts the stamping thread: killed a moment into the stamp.
  for (let i = 0; i < 500 && (await threads()) <= idle; i++) {
    await new Promise((r) => setTimeout(r, 10))
  }
  expect(await threads()).toBeGreaterThan(idle)
  await new Promise((r) => setTimeout(r, 200))
  const gone = exited(first.child)
  first.child.kill('SIGKILL')
  await gone
  expect(await filesUnder(stamped).catch(() => [])).toEqual([])

  const second = await startServer(server.env, server.entry)
  try {
    expect(await filesUnder(path.join(server.dataDir, 'tmp'))).toEqual([])
    // The dead claim runs out (30 s) and the job makes the copy, whole.
    for (let i = 0; i < 120 && (await filesUnder(stamped).catch(() => [])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(await filesUnder(stamped)).toHaveLength(1)
    const res = await fetch(`${second.baseUrl}${downloadUrl}`)
    expect(res.status).toBe(200)
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()))
    const { totalPages, text } = await extractText(pdf, { mergePages: false })
    expect(totalPages).toBe(120)
    expect(text[119]).toContain(
      `Licenciado para Inês Gonçalves · ${buyer.email} · Pedido ${orderId}`,
    )
  } finally {
    const done = exited(second.child)
    second.child.kill('SIGTERM')
    await done
  }
}, 150_000)
