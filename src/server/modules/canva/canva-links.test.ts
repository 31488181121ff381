import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CanvaLinkView } from '../../../contracts/customer.js'
import type { AdminCanvaLink } from '../../../contracts/messaging.js'
import { products } from '../products/products.tables.js'
import { canvaLinks } from './canva.tables.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, newCartSession } from '../../testing/commerce.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let adminCookie: string
const LINK = 'https://www.canva.com/design/DAGmodelo/view'

beforeAll(async () => {
  store = await createTestStore()
  adminCookie = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const addLink = (payload: object) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/canva-links',
    headers: { cookie: adminCookie },
    payload,
  })
const adminList = async () =>
  (
    await store.app.inject({ url: '/api/admin/canva-links', headers: { cookie: adminCookie } })
  ).json<AdminCanvaLink[]>()
const open = (id: number, opts: { cookie?: string; body?: object } = {}) =>
  store.app.inject({
    method: 'POST',
    url: `/api/canva-links/${id}/open`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: opts.body ?? {},
  })

/** The store's address of a template, as 'Meus materiais' and the receipt link to it. */
const follow = (id: number, cookie?: string, acesso?: string) =>
  store.app.inject({
    method: 'GET',
    url: `/canva/${id}${acesso ? `?acesso=${acesso}` : ''}`,
    headers: cookie ? { cookie } : {},
  })
const openingsOf = async (linkId: number) =>
  (await store.database.db.select().from(canvaLinks).where(eq(canvaLinks.id, linkId)))[0]!.openCount

/** A logged-in customer's demo purchase of `productId`. */
async function buyLoggedIn(productId: number) {
  const customer = await customerSession(store.app)
  const session = newCartSession()
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId, quantity: 1 }] },
    {
      session,
      cookie: customer.cookie,
    },
  )
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.body}`)
  const placed = res.json<{ order: { id: string } }>().order
  await call(
    store,
    'POST',
    `/api/orders/${placed.id}/confirm-payment`,
    {},
    {
      session,
      cookie: customer.cookie,
    },
  )
  return customer
}

const linksOf = async (cookie: string) =>
  (await store.app.inject({ url: '/api/canva-links', headers: { cookie } })).json<CanvaLinkView[]>()

describe('Canva links', () => {
  it('the admin adds a product link for real: the product carries it, buyers get it', async () => {
    const product = await insertProduct(store, { name: 'Planner Editável' })
    const before = await buyAsGuest(store, product.id)
    const res = await addLink({ productId: product.id, templateId: 'DAGmodelo', linkUrl: LINK })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ productId: product.id, linkUrl: LINK, customerEmail: null })
    const [row] = await store.database.db.select().from(products).where(eq(products.id, product.id))
    expect(row).toMatchObject({ externalLink: LINK, canvaTemplateId: 'DAGmodelo' })

    // The buyer who paid before the link existed has it now, and so does the next one.
    const buyer = await buyLoggedIn(product.id)
    const list = await adminList()
    const ofProduct = list.filter((l) => l.productId === product.id)
    expect(ofProduct.map((l) => l.customerEmail).sort()).toEqual(
      [before.email, buyer.email, null].sort(),
    )
    expect(ofProduct.every((l) => l.product?.name === 'Planner Editável')).toBe(true)
    const [mine] = await linksOf(buyer.cookie)
    expect(mine!.linkUrl).toBe(`/canva/${mine!.id}`)
    const followed = await follow(mine!.id, buyer.cookie)
    expect(followed.statusCode).toBe(303)
    expect(followed.headers.location).toBe(LINK)
  })

  it('opening records the use, for the owner only', async () => {
    const product = await insertProduct(store, { name: 'Certificados Canva' })
    await addLink({ productId: product.id, linkUrl: `${LINK}?certificados` })
    const owner = await buyLoggedIn(product.id)
    const [link] = await linksOf(owner.cookie)
    expect(link!.usedAt).toBeNull()

    const stranger = await customerSession(store.app)
    expect((await open(link!.id, { cookie: stranger.cookie })).statusCode).toBe(404)
    expect((await open(link!.id)).statusCode).toBe(401)

    const opened = await open(link!.id, { cookie: owner.cookie })
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ linkUrl: `${LINK}?certificados` })
    const [after] = await linksOf(owner.cookie)
    expect(after!.usedAt).toBe(opened.json().usedAt)
    expect((await adminList()).find((l) => l.id === link!.id)!.usedAt).toBe(after!.usedAt)
  })

  it('an opened link puts a refund request under review, and a refund ends the link at once', async () => {
    const product = await insertProduct(store, { name: 'Agenda Canva' })
    await addLink({ productId: product.id, linkUrl: `${LINK}?agenda` })
    const owner = await buyLoggedIn(product.id)
    const [link] = await linksOf(owner.cookie)
    expect((await open(link!.id, { cookie: owner.cookie })).statusCode).toBe(200)
    const orderId = (await store.app.services.customer.ordersOf(owner.userId))[0]!.id
    const asked = await call(
      store,
      'POST',
      `/api/orders/${orderId}/refund-request`,
      {},
      {
        cookie: owner.cookie,
      },
    )
    expect(asked.json()).toMatchObject({ status: 'review' })
    const [review] = (
      await call(store, 'GET', '/api/admin/refunds', undefined, { cookie: adminCookie })
    ).json<{ orderId: string; uses: { kind: string; productName: string }[] }[]>()
    expect(review).toMatchObject({
      orderId,
      uses: [{ kind: 'canva', productName: expect.any(String) }],
    })
    const done = await call(
      store,
      'POST',
      `/api/admin/orders/${orderId}/refund`,
      {},
      {
        cookie: adminCookie,
      },
    )
    expect(done.statusCode).toBe(200)
    const refused = await open(link!.id, { cookie: owner.cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.body).not.toContain('agenda')
    // The store's address asks again at every opening: a refunded order's link stops.
    const followed = await follow(link!.id, owner.cookie)
    expect(followed.statusCode).toBe(403)
    expect(followed.headers.location).toBeUndefined()
    expect(followed.body).not.toContain('canva.com')
  })

  it('a guest opens theirs with the e-mail and WhatsApp of the order', async () => {
    const product = await insertProduct(store, { name: 'Bingo Canva' })
    await addLink({ productId: product.id, linkUrl: `${LINK}?bingo` })
    const buyer = await buyAsGuest(store, product.id, { whatsapp: '(41) 99876-5432' })
    const found = await store.app.inject({
      method: 'POST',
      url: '/api/guest-purchases',
      payload: { email: buyer.email, whatsapp: buyer.whatsapp },
    })
    const [link] = found.json<{ canvaLinks: CanvaLinkView[] }>().canvaLinks
    const wrong = await open(link!.id, { body: { email: buyer.email, whatsapp: '11999998888' } })
    expect(wrong.statusCode).toBe(404)
    const right = await open(link!.id, { body: { email: buyer.email, whatsapp: '41998765432' } })
    expect(right.statusCode).toBe(200)
    expect(right.json().linkUrl).toBe(`${LINK}?bingo`)
  })

  it('the store address checks the access at every opening and counts each like a download', async () => {
    const product = await insertProduct(store, { name: 'Convite Canva' })
    await addLink({ productId: product.id, linkUrl: `${LINK}?convite` })
    const owner = await buyLoggedIn(product.id)
    const [link] = await linksOf(owner.cookie)
    for (const _ of [1, 2]) {
      const followed = await follow(link!.id, owner.cookie)
      expect(followed.statusCode).toBe(303)
      expect(followed.headers.location).toBe(`${LINK}?convite`)
      expect(followed.headers['cache-control']).toBe('private, no-store')
    }
    expect(await openingsOf(link!.id)).toBe(2)
    expect((await linksOf(owner.cookie))[0]!.usedAt).not.toBeNull()

    // A stranger with the id, a guessed id, or nobody at all: never Canva's address.
    const stranger = await customerSession(store.app)
    const theirs = await follow(link!.id, stranger.cookie)
    expect(theirs.statusCode).toBe(404)
    expect(JSON.stringify(theirs.headers) + theirs.body).not.toContain('canva.com')
    const guessed = await follow(link!.id + 1000, owner.cookie)
    expect(guessed.statusCode).toBe(404)
    const nobody = await follow(link!.id)
    expect(nobody.statusCode).toBe(303)
    expect(nobody.headers.location).toBe('/meus-materiais')
    const badToken = await follow(link!.id, undefined, 'token-inventado')
    expect(badToken.statusCode).toBeGreaterThanOrEqual(400)
    expect(JSON.stringify(badToken.headers) + badToken.body).not.toContain('canva.com')
    expect(await openingsOf(link!.id)).toBe(2)
  })

  it('30 openings at once are 30 openings, each sent on to Canva (a race on PostgreSQL)', async () => {
    const product = await insertProduct(store, { name: 'Convite em Massa' })
    await addLink({ productId: product.id, linkUrl: `${LINK}?massa` })
    const owner = await buyLoggedIn(product.id)
    const [link] = await linksOf(owner.cookie)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => follow(link!.id, owner.cookie)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(303))
    expect(await openingsOf(link!.id)).toBe(30)
  })

  it("never opens a product's template entry, and checks the admin's input", async () => {
    const product = await insertProduct(store, { name: 'Só modelo' })
    const template = (
      await addLink({ productId: product.id, linkUrl: LINK })
    ).json<AdminCanvaLink>()
    const customer = await customerSession(store.app)
    expect((await open(template.id, { cookie: customer.cookie })).statusCode).toBe(404)
    const badUrl = await addLink({ productId: product.id, linkUrl: 'canva.com/x' })
    expect([badUrl.statusCode, badUrl.json().message]).toEqual([
      400,
      'O link deve ser uma URL válida (http:// ou https://)',
    ])
    expect((await addLink({ productId: 999999, linkUrl: LINK })).statusCode).toBe(404)
  })
})
