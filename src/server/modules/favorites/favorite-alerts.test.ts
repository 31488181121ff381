import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesAnalytics } from '../../../contracts/analytics.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { confirmedSubscriber } from '../../testing/newsletter.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { coupons } from '../coupons/coupons.tables.js'
import { messageOutbox } from '../messaging/messaging.tables.js'
import { products } from '../products/products.tables.js'

let store: TestStore
let admin: { cookie: string }

beforeAll(async () => {
  store = await createTestStore()
  admin = await adminSession(store.app)
})
afterAll(() => store.close())

type Buyer = { userId: string; email: string; cookie: string }

/** An account that hearted `productIds`, with the newsletter confirmed from her inbox or not. */
async function hearted(productIds: number[], consent: boolean): Promise<Buyer> {
  const buyer = await customerSession(store.app)
  if (consent) await confirmedSubscriber(store, buyer.email)
  for (const id of productIds) {
    const res = await call(store, 'PUT', `/api/favorites/${id}`, undefined, {
      cookie: buyer.cookie,
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  return buyer
}

async function setPrice(productId: number, priceCents: number) {
  await store.database.db.update(products).set({ priceCents }).where(eq(products.id, productId))
  await store.app.services.catalog.invalidate()
}

const run = () => store.app.services.favoriteAlerts.run()

/** The e-mail's plain text with Intl's no-break spaces (R$ 19,90) as plain ones. */
const textOf = (mail: { body: string } | undefined) => mail!.body.replace(/\u00a0/g, ' ')

/** The alerts written to her, oldest first. */
const alertsTo = (buyer: Buyer) =>
  store.database.db
    .select()
    .from(messageOutbox)
    .where(like(messageOutbox.dedupeKey, `favorites-alert:${buyer.userId}:%`))
    .orderBy(messageOutbox.id)

async function addCoupon(fields: Partial<typeof coupons.$inferInsert>) {
  const [row] = await store.database.db
    .insert(coupons)
    .values({
      code: `FAV${Math.random().toString(36).slice(2, 8)}`,
      type: 'percent',
      value: 15,
      ...fields,
    })
    .returning()
  return row!
}

describe('a favourite that gets cheaper', () => {
  it('is told once, with the price she saw and the new one, and again only at a new low', async () => {
    const planner = await insertProduct(store, { name: 'Planner Docente', priceCents: 2990 })
    const lia = await hearted([planner.id], true)
    expect(await alertsTo(lia)).toEqual([])

    await setPrice(planner.id, 1990)
    await run()
    const [mail, ...rest] = await alertsTo(lia)
    expect(rest).toEqual([])
    expect(mail).toMatchObject({
      channel: 'email',
      toNumber: lia.email,
      subject: 'Ficou mais barato: Planner Docente',
    })
    expect(textOf(mail)).toContain('De R$ 29,90 por R$ 19,90')
    expect(textOf(mail)).toContain('/novidades/cancelar?t=')
    expect(mail!.unsubscribeUrl).toMatch(/\/api\/newsletter\/unsubscribe\?t=/)

    // Told once: the same price, run after run, is no news.
    await run()
    await run()
    expect(await alertsTo(lia)).toHaveLength(1)
    // Dearer is no news; back to R$ 19,90 neither (she has seen it); below it is.
    await setPrice(planner.id, 3990)
    await run()
    await setPrice(planner.id, 1990)
    await run()
    expect(await alertsTo(lia)).toHaveLength(1)
    await setPrice(planner.id, 1490)
    await run()
    const all = await alertsTo(lia)
    expect(all).toHaveLength(2)
    expect(textOf(all[1])).toContain('De R$ 19,90 por R$ 14,90')
  })

  it('is never told without the consent of her own address, and is told once she confirms', async () => {
    const kit = await insertProduct(store, { name: 'Kit Sílabas', priceCents: 2500 })
    const noConsent = await hearted([kit.id], false)
    const pendingOnly = await hearted([kit.id], false)
    // A box ticked (by whoever typed the address), never confirmed from its inbox.
    await store.app.services.newsletter.consent(pendingOnly.email, 'checkout')
    await setPrice(kit.id, 1500)
    await run()
    expect(await alertsTo(noConsent)).toEqual([])
    expect(await alertsTo(pendingOnly)).toEqual([])

    await confirmedSubscriber(store, noConsent.email)
    await run()
    const [mail] = await alertsTo(noConsent)
    expect(textOf(mail)).toContain('De R$ 25,00 por R$ 15,00')
  })

  it("stops with the newsletter's one-click unsubscribe", async () => {
    const jogo = await insertProduct(store, { name: 'Jogo da Memória', priceCents: 1200 })
    const rosa = await hearted([jogo.id], true)
    await setPrice(jogo.id, 1000)
    await run()
    const [mail] = await alertsTo(rosa)
    const oneClick = new URL(mail!.unsubscribeUrl!)
    const res = await store.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    await setPrice(jogo.id, 500)
    await run()
    expect(await alertsTo(rosa)).toHaveLength(1)
  })

  it('leaves out a withdrawn product, and tells nothing twice when two runs meet', async () => {
    const a = await insertProduct(store, { name: 'Caderno A', priceCents: 2000 })
    const b = await insertProduct(store, { name: 'Caderno B', priceCents: 2000 })
    const eva = await hearted([a.id, b.id], true)
    await store.database.db.update(products).set({ isActive: false }).where(eq(products.id, b.id))
    await setPrice(a.id, 1000)
    await setPrice(b.id, 1000)
    await Promise.all([run(), run(), run()])
    const mails = await alertsTo(eva)
    expect(mails).toHaveLength(1)
    expect(textOf(mails[0])).toContain('Caderno A')
    expect(textOf(mails[0])).not.toContain('Caderno B')
  })
})

describe('a coupon that covers a favourite', () => {
  it('is told once when the owner announces it, never when she does not', async () => {
    const mapa = await insertProduct(store, { name: 'Mapa do Brasil', priceCents: 3000 })
    const other = await insertProduct(store, { name: 'Outro material', priceCents: 3000 })
    const bia = await hearted([mapa.id], true)
    const quiet = await addCoupon({ productIds: [mapa.id] })
    await run()
    expect(await alertsTo(bia)).toEqual([])

    const elsewhere = await addCoupon({ productIds: [other.id], announceToFavorites: true })
    const expired = await addCoupon({
      productIds: [mapa.id],
      announceToFavorites: true,
      endsAt: new Date(Date.now() - 60_000),
    })
    const soldOut = await addCoupon({ announceToFavorites: true, maxUses: 1, usesHeld: 1 })
    await run()
    expect(await alertsTo(bia)).toEqual([])

    const told = await addCoupon({
      productIds: [mapa.id],
      announceToFavorites: true,
      type: 'fixed',
      value: 500,
      minCents: 2000,
    })
    await run()
    await run()
    const mails = await alertsTo(bia)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Cupom ${told.code} para seus favoritos`)
    expect(textOf(mails[0])).toContain(
      `Use o cupom ${told.code} no pagamento: R$ 5,00 de desconto em pedidos a partir de R$ 20,00.`,
    )
    expect(textOf(mails[0])).toContain('Mapa do Brasil')
    for (const c of [quiet, elsewhere, expired, soldOut]) {
      expect(textOf(mails[0])).not.toContain(c.code)
    }
  })

  it('saved through the admin form keeps its announce switch', async () => {
    const res = await call(
      store,
      'POST',
      '/api/admin/coupons',
      { code: 'AVISAR10', type: 'percent', value: '10', announceToFavorites: true },
      { cookie: admin.cookie },
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ code: 'AVISAR10', announceToFavorites: true })
    const plain = await call(
      store,
      'POST',
      '/api/admin/coupons',
      { code: 'SOPRAMIM', type: 'percent', value: '10' },
      { cookie: admin.cookie },
    )
    expect(plain.json()).toMatchObject({ announceToFavorites: false })
  })
})

describe("the sales dashboard's 'Mais favoritados'", () => {
  it('lists the most hearted products on sale with the hearts given in the period', async () => {
    const star = await insertProduct(store, { name: 'Mais Querido', priceCents: 990 })
    await hearted([star.id], false)
    await hearted([star.id], false)
    const today = new Date().toISOString().slice(0, 10)
    const res = await call(
      store,
      'GET',
      `/api/admin/analytics/sales?from=${today}&to=${today}`,
      undefined,
      { cookie: admin.cookie },
    )
    expect(res.statusCode, res.body).toBe(200)
    const row = res.json<SalesAnalytics>().mostFavorited.find((r) => r.productId === star.id)
    expect(row).toEqual({
      productId: star.id,
      name: 'Mais Querido',
      favoritedBy: 2,
      sincePeriodStart: 2,
    })
  })
})
