import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminApi } from '../../testing/admin.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { buyAsGuest, grantedDownload } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { purchases } from '../downloads/downloads.tables.js'
import { productFiles } from '../products/products.tables.js'
import { stampedCopies } from '../stamping/stamping.tables.js'

let smtp: FakeSmtp
let store: TestStore
let admin: string
const { adminCall, setStatus } = adminApi(
  () => store,
  () => admin,
)

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>' },
  })
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await smtp.close()
})

const deliver = () => store.app.services.messaging.worker.runOnce()
const updatesTo = (address: string, name: string) =>
  smtp.mails.filter(
    (m) =>
      m.to &&
      'text' in m.to &&
      m.to.text === address &&
      m.subject === `Material atualizado: ${name}`,
  )
const purchaseOf = async (orderId: string) =>
  (await store.database.db.select().from(purchases).where(eq(purchases.orderId, orderId)))[0]!

/** The owner replaces the product's file (a new stored key and hash, as an upload makes). */
async function replaceFile(productId: number, text: string) {
  const key = `files/test/${productId}-${Date.now()}.pdf`
  const stored = await store.storage.put(key, Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`))
  await store.database.db
    .update(productFiles)
    .set({ storageKey: key, sha256: stored.sha256, sizeBytes: stored.size })
    .where(eq(productFiles.productId, productId))
}

describe('material updated', () => {
  it('tells every paid buyer once, restores her quota and queues new stamped copies', async () => {
    const name = 'Sequência Didática Outono'
    const product = await insertProduct(store, { name, stampPdf: true })
    const ana = await buyAsGuest(store, product.id, { quantity: 2 })
    const bia = await buyAsGuest(store, product.id)
    // Bia bought twice: still one notice.
    const bia2 = await buyAsGuest(store, product.id, { email: bia.email })
    const refunded = await buyAsGuest(store, product.id)
    await setStatus(refunded.orderId, 'refunded')
    for (let i = 0; i < 4; i++) await grantedDownload(store, ana, product.id)
    expect((await purchaseOf(ana.orderId)).downloadCount).toBeGreaterThan(0)

    await replaceFile(product.id, 'nova versão')
    const res = await adminCall('POST', `/api/admin/products/${product.id}/notify-update`, {
      note: 'Incluímos as atividades de outono',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ notified: 2 })

    // A version is announced once.
    const again = await adminCall('POST', `/api/admin/products/${product.id}/notify-update`, {})
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/já foi anunciada/)

    expect(await store.app.services.productUpdates.runDue()).toBeGreaterThanOrEqual(1)
    expect(await store.app.services.productUpdates.runDue()).toBe(0)
    await deliver()
    expect(updatesTo(ana.email, name)).toHaveLength(1)
    expect(updatesTo(bia.email, name)).toHaveLength(1)
    expect(updatesTo(refunded.email, name)).toHaveLength(0)
    const mail = updatesTo(ana.email, name)[0]!
    expect(mail.text).toContain('Incluímos as atividades de outono')
    // A transactional notice: nothing to unsubscribe from.
    expect(mail.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false)

    // max_downloads (3) × quantity (2), all of it available again.
    const restored = await purchaseOf(ana.orderId)
    expect(restored).toMatchObject({ downloadCount: 0, maxDownloads: 6, linkExp: null })
    expect((await purchaseOf(bia2.orderId)).downloadCount).toBe(0)

    // A stamped copy of the new file waits for each live purchase; none for the refunded one.
    const [file] = await store.database.db
      .select()
      .from(productFiles)
      .where(eq(productFiles.productId, product.id))
    const copies = await store.database.db
      .select()
      .from(stampedCopies)
      .where(eq(stampedCopies.sourceKey, file!.storageKey))
    expect(copies.map((c) => c.orderId).sort()).toEqual(
      [ana.orderId, bia.orderId, bia2.orderId].sort(),
    )

    // The next version is news again.
    await replaceFile(product.id, 'terceira versão')
    const next = await adminCall('POST', `/api/admin/products/${product.id}/notify-update`, {})
    expect(next.json()).toEqual({ notified: 2 })
  })

  it('is the owner’s only, and names a long note', async () => {
    const product = await insertProduct(store)
    const anonymous = await call(
      store,
      'POST',
      `/api/admin/products/${product.id}/notify-update`,
      {},
    )
    expect(anonymous.statusCode).toBe(401)
    const long = await adminCall('POST', `/api/admin/products/${product.id}/notify-update`, {
      note: 'x'.repeat(501),
    })
    expect(long.statusCode).toBe(400)
    expect(long.headers['x-error-field']).toBe('note')
  })
})
