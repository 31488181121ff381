import { eq, sql } from 'drizzle-orm'
import { messageOutbox } from '../modules/messaging/messaging.tables.js'
import { startFakeEvolution, type FakeEvolution } from './fake-evolution.js'
import { createTestStore, type TestStore, type TestStoreOptions } from './test-app.js'

export const ADMIN_NUMBER = '5521912345678'

/** Points the store's WhatsApp settings at `fake` (as the admin would in the whatsapp tab). */
export async function connectWhatsapp(store: TestStore, fake: FakeEvolution, admin = ADMIN_NUMBER) {
  const { settings } = store.app.services
  await settings.set('evolution_api_url', fake.url)
  await settings.set('evolution_api_key', fake.apiKey)
  await settings.set('evolution_instance_name', fake.instance)
  await settings.set('admin_whatsapp', admin)
}

/** A store with the outbox worker running, connected to a fresh fake Evolution API. */
export async function createWhatsappStore(opts: TestStoreOptions = {}) {
  const fake = await startFakeEvolution()
  const store = await createTestStore({ backgroundJobs: true, ...opts })
  await connectWhatsapp(store, fake)
  return {
    fake,
    store,
    async close() {
      fake.setDelay(0)
      await store.close()
      await fake.close()
    },
  }
}

export const outboxRows = (store: TestStore) =>
  store.database.db.select().from(messageOutbox).orderBy(messageOutbox.id)

export async function outboxRow(store: TestStore, dedupeKey: string) {
  const [row] = await store.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.dedupeKey, dedupeKey))
  return row
}

/** Time passes for the retries: every waiting message becomes due now. */
export async function makeRetriesDue(store: TestStore) {
  await store.database.db
    .update(messageOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(messageOutbox.status, 'pending'))
}

/** Messages the fake took in whose text mentions `orderId`'s short form. */
export const aboutOrder = (fake: FakeEvolution, orderId: string) =>
  fake.messages.filter((m) => m.text.includes(`#${orderId.slice(0, 8)}`))
