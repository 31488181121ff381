import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.js'
import { messageOutbox } from './messaging.tables.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  aboutOrder,
  createWhatsappStore,
  makeRetriesDue,
  outboxRow,
  outboxRows,
} from '../../testing/messaging.js'
import { claimDue, enqueueMessage } from './outbox.js'

let env: Awaited<ReturnType<typeof createWhatsappStore>>
let kit: { id: number }

beforeAll(async () => {
  env = await createWhatsappStore()
  kit = await insertProduct(env.store, { name: 'Jogo das Sílabas', priceCents: 2500 })
})
afterAll(() => env.close())

const createdKey = (orderId: string) => `order:${orderId}:created:admin`
/** The order's WhatsApp notices (its e-mails wait for an SMTP server this test has not). */
const rowsOf = async (orderId: string) =>
  (await outboxRows(env.store)).filter(
    (r) => r.channel === 'whatsapp' && r.dedupeKey.startsWith(`order:${orderId}:`),
  )

describe('restarts and crashes', () => {
  it('a restart mid-send waits for the answer; the next instance sends nothing twice', async () => {
    env.fake.setDelay(60_000)
    const session = newCartSession()
    const { order } = await guestCheckout(env.store, session, [{ productId: kit.id }])
    // The 'new order' notice is on its way (claimed, unanswered) before the payment's are queued.
    await vi.waitFor(async () =>
      expect((await outboxRow(env.store, createdKey(order.id)))?.lockedUntil).not.toBeNull(),
    )
    const paid = await call(
      env.store,
      'POST',
      `/api/orders/${order.id}/confirm-payment`,
      {},
      {
        session,
      },
    )
    expect(paid.statusCode).toBe(200)
    const stopping = env.store.app.close()
    // The next instance's worker is driven by hand: one pass while the old send is unanswered.
    const next = await buildApp({ ...env.store.app.deps, backgroundJobs: false })
    await next.ready()
    const { worker } = next.services.messaging
    try {
      const pass = worker.deliverDue()
      // The old instance is stuck in its send, so only this pass can claim the payment's notices.
      await vi.waitFor(async () => {
        const rows = await rowsOf(order.id)
        expect(rows).toHaveLength(3)
        expect(rows.every((r) => r.lockedUntil !== null)).toBe(true)
      })
      env.fake.setDelay(0)
      // It tried the payment's two, not the one still on its way from the old instance.
      expect(await pass).toBe(2)
      await stopping
      expect(aboutOrder(env.fake, order.id)).toHaveLength(3)
      // Another pass, with every retry due, finds nothing left to send.
      await makeRetriesDue(env.store)
      await worker.runOnce()
      expect(aboutOrder(env.fake, order.id)).toHaveLength(3)
      expect(new Set(aboutOrder(env.fake, order.id).map((m) => m.text)).size).toBe(3)
      expect((await rowsOf(order.id)).map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
      ])
    } finally {
      await next.close()
    }
  })
})

describe('a worker that died mid-send', () => {
  let crashEnv: Awaited<ReturnType<typeof createWhatsappStore>>
  beforeAll(async () => {
    crashEnv = await createWhatsappStore({ backgroundJobs: false })
  })
  afterAll(() => crashEnv.close())

  it('leaves a message that may have gone out marked failed, never sent again', async () => {
    const { db } = crashEnv.store.database
    await enqueueMessage(db, { dedupeKey: 'teste:crash', to: '5511933334444', body: 'talvez' })
    await enqueueMessage(db, { dedupeKey: 'teste:depois', to: '5511933334444', body: 'depois' })
    // A worker claimed the first one, handed it to the gateway, and died; its claim ran out.
    const [claimed] = await claimDue(db, 1)
    await db
      .update(messageOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(messageOutbox.id, claimed!.id))
    await crashEnv.store.app.services.messaging.worker.deliverDue()
    expect(await outboxRow(crashEnv.store, 'teste:crash')).toMatchObject({ status: 'failed' })
    expect((await outboxRow(crashEnv.store, 'teste:crash'))!.lastError).toMatch(/interrompido/)
    expect(crashEnv.fake.messages.map((m) => m.text)).toEqual(['depois'])
  })
})
