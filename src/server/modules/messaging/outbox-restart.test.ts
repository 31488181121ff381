import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.js'
import { messageOutbox } from '../../db/schema.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  aboutOrder,
  createWhatsappStore,
  makeRetriesDue,
  outboxRow,
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

describe('restarts and crashes', () => {
  it('a restart mid-send waits for the answer; the next instance sends nothing twice', async () => {
    env.fake.setDelay(60_000)
    const buyer = await buyAsGuest(env.store, kit.id)
    // The 'new order' notice is on its way (claimed) while the payment's wait behind it.
    await vi.waitFor(async () =>
      expect((await outboxRow(env.store, createdKey(buyer.orderId)))?.lockedUntil).not.toBeNull(),
    )
    const stopping = env.store.app.close()
    const next = await buildApp({ ...env.store.app.deps, backgroundJobs: true })
    await next.ready()
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      env.fake.setDelay(0)
      await stopping
      await vi.waitFor(() => expect(aboutOrder(env.fake, buyer.orderId)).toHaveLength(3), {
        timeout: 8000,
      })
      await makeRetriesDue(env.store)
      await next.services.messaging.worker.deliverDue()
      expect(aboutOrder(env.fake, buyer.orderId)).toHaveLength(3)
      expect(new Set(aboutOrder(env.fake, buyer.orderId).map((m) => m.text)).size).toBe(3)
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
