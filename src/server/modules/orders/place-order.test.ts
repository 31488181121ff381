import { afterAll, beforeAll, expect, it } from 'vitest'
import { guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { ADMIN_NUMBER, createWhatsappStore, outboxRows } from '../../testing/messaging.js'
import { queryCounter } from '../../testing/query-counter.js'

// A PIX checkout stores the order, its lines and its notices (the buyer's e-mail with its access
// link, the owner's WhatsApp) in one statement: no BEGIN/COMMIT, one round trip. A charged one:
// a demo order also reads the stored payment mode in its transaction (payment-mode-instances).
const counter = queryCounter()
let setup: Awaited<ReturnType<typeof createWhatsappStore>>
let product: { id: number }

beforeAll(async () => {
  // No outbox worker: only the checkout's own statements are counted.
  setup = await createWhatsappStore({ queryLogger: counter.logger, backgroundJobs: false })
  // The store's own PIX key: orders are charged (not demo ones the buyer confirms herself).
  await setup.store.app.services.settings.set('pix_key', 'loja@exemplo.com.br')
  product = await insertProduct(setup.store, { name: 'Kit Alfabetização', priceCents: 2990 })
  // The first checkout reads the catalogue and stores the terms' version once.
  await guestCheckout(setup.store, newCartSession(), [{ productId: product.id }])
})
afterAll(() => setup.close())

it('writes the order, its lines and its notices in one statement', async () => {
  let order = { id: '', customerEmail: '' }
  const { queries } = await counter.during(async () => {
    const answer = await guestCheckout(setup.store, newCartSession(), [
      { productId: product.id, quantity: 2 },
    ])
    order = answer.order
  })
  // The analytics funnel counts the step after the answer, on its own (detached).
  const own = queries.filter((q) => !/funnel_/.test(q))
  expect(own).toHaveLength(1)
  expect(own[0]).toMatch(/INSERT INTO orders/)
  const rows = (await outboxRows(setup.store)).filter((r) => r.dedupeKey.includes(order.id))
  expect(rows.map((r) => [r.dedupeKey.split(':').slice(2).join(':'), r.toNumber]).sort()).toEqual([
    ['created:admin', ADMIN_NUMBER],
    ['created:email', order.customerEmail],
  ])
})
