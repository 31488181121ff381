import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.js'
import type { App } from '../../app-types.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createWhatsappStore, outboxRows } from '../../testing/messaging.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * Two instances, each with its worker, on one database and one SMTP server. With DATABASE_URL
 * they are two stores with their own connection pools on one PostgreSQL database, sharing a
 * Redis when one answers (what a deployment does); without it, PGlite cannot be shared between
 * processes, so two apps share one PGlite in this process.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const OWNER = 'dona@loja.exemplo.com.br'

let smtp: FakeSmtp
let env: Awaited<ReturnType<typeof createWhatsappStore>>
let second: { app: App; close(): Promise<unknown> }
let kit: { id: number }
const redisPrefix = testRedisPrefix()

beforeAll(async () => {
  smtp = await startSmtpServer()
  const shared: Record<string, string> = { SMTP_URL: smtp.url }
  if (onPostgres && (await redisAvailable())) {
    Object.assign(shared, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix })
  }
  env = await createWhatsappStore({ env: shared })
  await env.store.app.services.settings.set('admin_email', OWNER)
  if (onPostgres) {
    const other: TestStore = await createTestStore({
      backgroundJobs: true,
      databaseUrl: env.store.databaseUrl,
      env: shared,
    })
    second = other
  } else {
    const app = await buildApp({ ...env.store.app.deps, backgroundJobs: true })
    await app.ready()
    second = { app, close: () => app.close() }
  }
  kit = await insertProduct(env.store, { name: 'Caderno de Caligrafia', priceCents: 1290 })
  second.app.services.catalog.invalidate()
})
afterAll(async () => {
  await second?.close()
  await env?.close()
  await smtp?.close()
  if (onPostgres) await dropRedisPrefix(redisPrefix)
})

describe(`two instances on one ${onPostgres ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('sends one message per event, WhatsApp and e-mail, whichever instance placed, paid or delivered it', async () => {
    const apps = [env.store.app, second.app]
    const orders = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (i) => {
        const session = newCartSession()
        const via = { ...env.store, app: apps[i % 2]! }
        const { order } = await guestCheckout(via, session, [{ productId: kit.id }], {
          whatsapp: `(11) 9${String(8000_0000 + i)}`,
        })
        // Both instances confirm at once: one payment, one set of notices.
        await Promise.all(
          apps.map((app) =>
            call(
              { ...env.store, app },
              'POST',
              `/api/orders/${order.id}/confirm-payment`,
              {},
              {
                session,
              },
            ),
          ),
        )
        return order.id
      }),
    )
    await vi.waitFor(
      async () => {
        const rows = await outboxRows(env.store)
        // Per order: 3 WhatsApp notices, and 4 e-mails (the buyer's two, the owner's two).
        expect(rows.filter((r) => r.status === 'sent')).toHaveLength(orders.length * 7)
      },
      { timeout: 15_000, interval: 100 },
    )
    // Another pass of both workers, each after any of its own still under way, sends nothing.
    await Promise.all(apps.map((app) => app.services.messaging.worker.runOnce()))
    expect(env.fake.messages).toHaveLength(orders.length * 3)
    const texts = env.fake.messages.map((m) => `${m.number}:${m.text}`)
    expect(new Set(texts).size).toBe(texts.length)
    for (const id of orders) {
      expect(env.fake.messages.filter((m) => m.text.includes(`#${id.slice(0, 8)}`))).toHaveLength(3)
    }
    expect(smtp.mails).toHaveLength(orders.length * 4)
    const mails = smtp.mails.map((m) => `${m.to && 'text' in m.to ? m.to.text : ''}:${m.subject}`)
    expect(new Set(mails).size).toBe(mails.length)
    for (const id of orders) {
      const about = smtp.mails.filter((m) => m.subject!.includes(`#${id.slice(0, 8)}`))
      expect(about.filter((m) => m.to && 'text' in m.to && m.to.text === OWNER)).toHaveLength(2)
    }
  })
})
