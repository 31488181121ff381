import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerSession, newIp } from '../../testing/auth.js'
import { call, cookieFrom, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { samplePdf } from '../../testing/sample-pdf.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { readZip } from '../../testing/zip-reader.js'
import { accessTokenIssuer } from '../guest-access/guest-access.service.js'
import { purchases } from './downloads.tables.js'

/**
 * 'Baixar tudo': GET /api/orders/{id}/download-all, one ZIP of an order's stamped copies,
 * counted as one download of each material. Races are real on PostgreSQL (DATABASE_URL);
 * PGlite runs one query at a time, where the same answers and counts are checked.
 */
let store: TestStore
let first: { id: number }
let second: { id: number }
let canva: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  const pdf = async (title: string) => Buffer.from(await samplePdf({ pages: 2, title }))
  // Two materials whose files share a name: the ZIP must keep both.
  first = await insertProduct(store, {
    name: 'Caligrafia',
    stampPdf: true,
    fileName: 'atividades.pdf',
    fileBytes: await pdf('Caligrafia'),
  })
  second = await insertProduct(store, {
    name: 'Tabuada',
    stampPdf: true,
    fileName: 'atividades.pdf',
    fileBytes: await pdf('Tabuada'),
  })
  canva = await insertProduct(store, {
    name: 'Painel do Canva',
    canvaTemplateId: 'DAF0000000',
    withoutFile: true,
  })
  await store.app.services.catalog.invalidate()
}, 240_000)
afterAll(() => store?.close())

const unique = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemplo.com`

/** A guest's paid order of these products (the demo confirmation pays it). */
async function paidOrder(productIds: number[], email = unique('compradora')) {
  const session = newCartSession()
  const { order } = await guestCheckout(
    store,
    session,
    productIds.map((productId) => ({ productId })),
    { email, firstName: 'Conceição', lastName: 'Araújo' },
  )
  const paid = await call(
    store,
    'POST',
    `/api/orders/${order.id}/confirm-payment`,
    { paymentData: { confirmedAt: new Date().toISOString() } },
    { session },
  )
  expect(paid.statusCode, paid.body).toBe(200)
  return { orderId: order.id, email }
}

/** The browser access the order e-mail's link opens (the receipt's token). */
async function accessOf(email: string): Promise<string> {
  const token = await accessTokenIssuer().emailAccess(store.database.db, email)
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/guest-access/link',
    payload: { token },
    remoteAddress: newIp(),
  })
  expect(res.statusCode, res.body).toBe(200)
  return cookieFrom(res)
}

const downloadAll = (orderId: string, cookie?: string) =>
  store.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/download-all`,
    headers: cookie ? { cookie } : {},
    remoteAddress: newIp(),
  })

const countsOf = async (orderId: string) =>
  Object.fromEntries(
    (await store.database.db.select().from(purchases).where(eq(purchases.orderId, orderId))).map(
      (p) => [p.productId, p.downloadCount],
    ),
  )

async function textOf(bytes: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  })
  return text
}

describe('one ZIP of an order', () => {
  it('holds each stamped copy under a unique name and a LEIA-ME for the Canva link; one download each', async () => {
    const { orderId, email } = await paidOrder([first.id, second.id, canva.id])
    const res = await downloadAll(orderId, await accessOf(email))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pedido-${orderId}.zip"`)
    const entries = readZip(res.rawPayload)
    expect(entries.map((e) => e.name)).toEqual([
      'atividades.pdf',
      'atividades (2).pdf',
      'LEIA-ME.txt',
    ])
    // STORED: a PDF is not compressed again.
    expect(entries.map((e) => e.method)).toEqual([0, 0, 0])
    const stamp = `Licenciado para Conceição Araújo · ${email} · Pedido ${orderId}`
    const [caligrafia, tabuada] = await Promise.all(entries.slice(0, 2).map((e) => textOf(e.bytes)))
    expect(caligrafia).toContain('Caligrafia - pagina 1')
    expect(caligrafia).toContain(stamp)
    expect(tabuada).toContain('Tabuada - pagina 2')
    expect(tabuada).toContain(stamp)
    expect(entries[2]!.bytes.toString('utf8')).toContain('Painel do Canva: modelo do Canva')
    expect(entries[2]!.bytes.toString('utf8')).not.toContain('DAF0000000')
    // One download of each file's material; the Canva link is not a file and counts nothing.
    expect(await countsOf(orderId)).toEqual({ [first.id]: 1, [second.id]: 1, [canva.id]: 0 })
  })

  it('her account, once the order is hers; a stranger, another account and another guest are refused', async () => {
    const customer = await customerSession(store.app)
    const { orderId } = await paidOrder([first.id, second.id], customer.email)
    await store.app.services.orders.claimGuestOrders({
      userId: customer.userId,
      email: customer.email,
      whatsapp: '',
      emailVerified: true,
    })
    const stranger = await downloadAll(orderId)
    expect(stranger.statusCode).toBe(401)
    expect(stranger.json().message).toBe('Faça login para baixar seus materiais')
    const other = await customerSession(store.app)
    expect((await downloadAll(orderId, other.cookie)).statusCode).toBe(404)
    const otherGuest = await paidOrder([first.id])
    const wrong = await downloadAll(orderId, await accessOf(otherGuest.email))
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().message).toBe('Pedido não encontrado')
    expect(await countsOf(orderId)).toEqual({ [first.id]: 0, [second.id]: 0 })
    const mine = await downloadAll(orderId, customer.cookie)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(readZip(mine.rawPayload)).toHaveLength(2)
    expect(await countsOf(orderId)).toEqual({ [first.id]: 1, [second.id]: 1 })
  })

  it('a refunded order: 403 naming the material, nothing counted', async () => {
    const { orderId, email } = await paidOrder([first.id, second.id])
    expect(await store.app.services.orders.close(orderId, 'paid', 'refunded')).toBe(true)
    const res = await downloadAll(orderId, await accessOf(email))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toMatch(/^“Caligrafia”: Esta compra foi cancelada ou reembolsada/)
    expect(await countsOf(orderId)).toEqual({ [first.id]: 0, [second.id]: 0 })
  })

  it('a material without downloads left: 409 naming it, and the others are not counted', async () => {
    const { orderId, email } = await paidOrder([first.id, second.id])
    await store.database.db
      .update(purchases)
      .set({ downloadCount: 3 })
      .where(eq(purchases.productId, second.id))
    const res = await downloadAll(orderId, await accessOf(email))
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/^Limite de downloads atingido para “Tabuada”/)
    expect((await countsOf(orderId))[first.id]).toBe(0)
  })

  it('30 at once never count past the quota: 3 ZIPs, 27 refusals, 3 downloads of each', async () => {
    const { orderId, email } = await paidOrder([first.id, second.id])
    // Copies made first: the race is on the quota, not on the stamping.
    await store.app.services.stamping.stampDue()
    const cookie = await accessOf(email)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => downloadAll(orderId, cookie)),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([])
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
    for (const ok of answers.filter((a) => a.statusCode === 200)) {
      expect(readZip(ok.rawPayload).map((e) => e.name)).toEqual([
        'atividades.pdf',
        'atividades (2).pdf',
      ])
    }
    expect(await countsOf(orderId)).toEqual({ [first.id]: 3, [second.id]: 3 })
  }, 120_000)
})
