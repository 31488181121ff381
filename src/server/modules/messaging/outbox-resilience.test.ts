import { eq } from 'drizzle-orm'
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { messageOutbox } from './messaging.tables.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  aboutOrder,
  createWhatsappStore,
  makeRetriesDue,
  outboxRow,
} from '../../testing/messaging.js'
import { enqueueMessage, MAX_ATTEMPTS } from './outbox.js'
import { GATEWAY_FAILED_MESSAGE } from './evolution-api.js'

let env: Awaited<ReturnType<typeof createWhatsappStore>>
let kit: { id: number }

beforeAll(async () => {
  env = await createWhatsappStore()
  kit = await insertProduct(env.store, { name: 'Jogo das Sílabas', priceCents: 2500 })
})
afterAll(() => env.close())

const createdKey = (orderId: string) => `order:${orderId}:created:admin`
/** One delivery pass, after any the worker has under way: what it finds is what is left. */
const onePass = () => env.store.app.services.messaging.worker.runOnce()

/** Waits until the worker has tried `key` `attempts` times and released it. */
async function triedTimes(key: string, attempts: number) {
  await vi.waitFor(async () => {
    const row = await outboxRow(env.store, key)
    expect(row).toMatchObject({ attempts, lockedUntil: null })
  })
  return (await outboxRow(env.store, key))!
}

async function timedCheckout() {
  const started = performance.now()
  const { order } = await guestCheckout(env.store, newCartSession(), [{ productId: kit.id }])
  return { order, ms: performance.now() - started }
}

describe('a gateway that is down or slow', () => {
  it('neither fails nor slows a checkout, and the message arrives once when it is back', async () => {
    await env.fake.down('refused')
    const { order, ms } = await timedCheckout()
    expect(ms).toBeLessThan(1500)
    const waiting = await triedTimes(createdKey(order.id), 1)
    expect(waiting.status).toBe('pending')
    expect(waiting.lastError).toMatch(/inacessível/)
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())

    await env.fake.up()
    await makeRetriesDue(env.store)
    await vi.waitFor(() => expect(aboutOrder(env.fake, order.id)).toHaveLength(1), {
      timeout: 5000,
    })
    // The gateway answers before the worker records it: wait for the record, then make sure
    // another delivery round sends nothing more.
    await vi.waitFor(
      async () =>
        expect(await outboxRow(env.store, createdKey(order.id))).toMatchObject({ status: 'sent' }),
      { timeout: 5000 },
    )
    await makeRetriesDue(env.store)
    await onePass()
    expect(aboutOrder(env.fake, order.id)).toHaveLength(1)
    expect(await outboxRow(env.store, createdKey(order.id))).toMatchObject({
      status: 'sent',
      attempts: 2,
    })
  })

  it('retries a gateway answering 503 with a growing wait', async () => {
    await env.fake.down('http503')
    const { order } = await timedCheckout()
    const first = await triedTimes(createdKey(order.id), 1)
    await makeRetriesDue(env.store)
    await onePass()
    const second = (await outboxRow(env.store, createdKey(order.id)))!
    expect(second.attempts).toBe(2)
    expect(second.lastError).toBe(GATEWAY_FAILED_MESSAGE)
    // 5 s after the first failure, 10 s after the second.
    const waits = [first, second].map((r) => r.nextAttemptAt.getTime() - Date.now())
    expect(waits[1]! - waits[0]!).toBeGreaterThan(3000)
    await env.fake.up()
    await makeRetriesDue(env.store)
    await onePass()
    expect(aboutOrder(env.fake, order.id)).toHaveLength(1)
  })

  it('answers a checkout and a payment at once while the gateway takes 10 s', async () => {
    env.fake.setDelay(10_000)
    const session = newCartSession()
    const { order, ms } = await (async () => {
      const started = performance.now()
      const { order } = await guestCheckout(env.store, session, [{ productId: kit.id }])
      const paid = await call(
        env.store,
        'POST',
        `/api/orders/${order.id}/confirm-payment`,
        {},
        { session },
      )
      expect(paid.statusCode).toBe(200)
      return { order, ms: performance.now() - started }
    })()
    expect(ms).toBeLessThan(1500)
    env.fake.setDelay(0)
    await vi.waitFor(() => expect(aboutOrder(env.fake, order.id)).toHaveLength(3), {
      timeout: 8000,
    })
  })

  it('gives a number without WhatsApp up at once, with the reason', async () => {
    env.fake.markNotOnWhatsapp('5531999990000')
    const buyer = await buyAsGuest(env.store, kit.id, { whatsapp: '(31) 99999-0000' })
    const key = `order:${buyer.orderId}:paid:buyer`
    await vi.waitFor(async () => expect((await outboxRow(env.store, key))?.status).toBe('failed'))
    expect((await outboxRow(env.store, key))!.lastError).toMatch(/não tem WhatsApp/)
  })

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    await env.fake.down('http503')
    const { db } = env.store.database
    await enqueueMessage(db, { dedupeKey: 'teste:desiste', to: '5511911112222', body: 'oi' })
    await db
      .update(messageOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(messageOutbox.dedupeKey, 'teste:desiste'))
    try {
      await onePass()
      expect(await outboxRow(env.store, 'teste:desiste')).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
      })
    } finally {
      await env.fake.up()
    }
  })
})
