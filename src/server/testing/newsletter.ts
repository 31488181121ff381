import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { newsletterSubscribers } from '../modules/newsletter/newsletter.tables.js'
import { call } from './commerce.js'
import type { TestStore } from './test-app.js'

/**
 * An address that asked for news and tapped its confirmation link (the double opt-in's two
 * steps, the link's token read from the store's table rather than from the e-mail).
 */
export async function confirmedSubscriber(store: TestStore, email: string): Promise<string> {
  await store.app.services.newsletter.consent(email, 'footer')
  const [row] = await store.database.db
    .select({ token: newsletterSubscribers.token })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()))
  const res = await call(store, 'POST', `/api/newsletter/confirm?t=${row!.token}`)
  expect(res.statusCode, res.body).toBe(200)
  return email
}
