import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogPage } from '../../../contracts/catalog.js'
import type { DataExport } from '../../../contracts/privacy.js'
import {
  adminSession,
  customerSession,
  deleteAccount as deleteAccountOf,
  login,
  newIp,
  whoAmI,
} from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { buyAsGuest, guestDownload } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { checkoutDrafts } from '../abandoned/abandoned.tables.js'
import { users } from '../accounts/accounts.tables.js'
import { downloadLog, purchases } from '../downloads/downloads.tables.js'
import { guestAccess } from '../guest-access/guest-access.tables.js'
import { couponUses } from '../coupons/coupons.tables.js'
import { contactRequests } from '../contact/contact.tables.js'
import { messageOutbox } from '../messaging/messaging.tables.js'
import { orders } from '../orders/orders.tables.js'
import { refunds } from '../refunds/refunds.tables.js'
import { productReviews } from '../reviews/reviews.tables.js'
import { hashEmail } from './privacy.service.js'
import { privacyRequests } from './privacy.tables.js'

const DAY = 24 * 60 * 60 * 1000
let clock = new Date()
let store: TestStore
let admin: string
let productId: number

beforeAll(async () => {
  store = await createTestStore({ now: () => clock })
  admin = (await adminSession(store.app)).cookie
  productId = (await insertProduct(store, { priceCents: 2990 })).id
})
afterAll(() => store.close())

const db = () => store.database.db

/** A customer with one paid order of `productId`, placed while logged in. */
async function customerWithOrder(extra: { couponCode?: string } = {}) {
  const who = await customerSession(store.app, { whatsapp: '(21) 99876-5432' })
  const session = newCartSession()
  const placed = await call(
    store,
    'POST',
    '/api/checkout',
    {
      items: [{ productId, quantity: 1 }],
      customerData: {
        firstName: 'Ana',
        lastName: 'Professora',
        email: who.email,
        whatsapp: '(21) 99876-5432',
        createAccount: false,
        acceptTerms: true,
      },
      ...extra,
    },
    { session, cookie: who.cookie },
  )
  expect(placed.statusCode, placed.body).toBe(201)
  const orderId = placed.json<{ order: { id: string } }>().order.id
  const paid = await call(
    store,
    'POST',
    `/api/orders/${orderId}/confirm-payment`,
    { paymentData: { confirmedAt: new Date().toISOString() } },
    { session, cookie: who.cookie },
  )
  expect(paid.statusCode, paid.body).toBe(200)
  return { ...who, orderId, whatsapp: '(21) 99876-5432' }
}

const exportOf = (cookie: string) =>
  call(store, 'GET', '/api/user/data-export', undefined, { cookie })

const deleteAccount = (cookie: string, password: string) =>
  deleteAccountOf(store.app, cookie, password)

const revenue = async () =>
  (await call(store, 'GET', '/api/admin/analytics', undefined, { cookie: admin })).json<{
    totals: { revenue: string }
  }>().totals.revenue

describe('the customer export', () => {
  it('is a download of everything about the caller, nothing of others, no secrets', async () => {
    const me = await customerWithOrder()
    const other = await customerWithOrder()
    const res = await exportOf(me.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-/)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const data = res.json<DataExport>()
    expect(data.profile).toMatchObject({
      email: me.email,
      firstName: 'Ana',
      whatsapp: '5521998765432',
    })
    expect(data.orders.map((o) => o.id)).toEqual([me.orderId])
    expect(data.orders[0]!.items).toEqual([
      expect.objectContaining({ unitPriceCents: 2990, quantity: 1 }),
    ])
    expect(data.purchases).toHaveLength(1)
    expect(data.purchases[0]).toMatchObject({ orderId: me.orderId, downloadCount: 0 })
    expect(data.messages.length).toBeGreaterThan(0)
    expect(data.messages.every((m) => !m.kind.includes(me.orderId))).toBe(true)
    expect(data.sessions.length).toBeGreaterThan(0)
    expect(res.body).not.toContain(other.email)
    expect(res.body).not.toContain(other.orderId)
    expect(res.body).not.toMatch(/password|hash|token|\$scrypt|\$argon/i)
    const [row] = await db().select().from(users).where(eq(users.email, me.email))
    expect(res.body).not.toContain(row!.passwordHash!)
  })

  it('is refused to anonymous callers', async () => {
    const res = await exportOf('')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Faça login para continuar' })
  })
})

describe('profile correction', () => {
  it('changes the name and WhatsApp with the sign-up rules', async () => {
    const me = await customerSession(store.app)
    const put = (payload: unknown) =>
      call(store, 'PUT', '/api/user/profile', payload, { cookie: me.cookie })
    const ok = await put({ firstName: ' Beatriz ', lastName: 'Lima', whatsapp: '(31) 91234-5678' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().user).toMatchObject({ firstName: 'Beatriz', whatsapp: '5531912345678' })
    const bad = await put({ firstName: 'B', lastName: 'L', whatsapp: '12' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('WhatsApp inválido')
    const empty = await put({ firstName: '', lastName: 'L', whatsapp: '(31) 91234-5678' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain('Nome é obrigatório')
    expect(
      (
        await call(store, 'PUT', '/api/user/profile', {
          firstName: 'B',
          lastName: 'L',
          whatsapp: '(31) 91234-5678',
        })
      ).statusCode,
    ).toBe(401)
  })
})

describe('deleting the account', () => {
  it('needs the right password, and is rate-limited like a login', async () => {
    const me = await customerSession(store.app)
    const wrong = await deleteAccount(me.cookie, 'nao-e-a-senha')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ message: 'Senha incorreta' })
    const missing = await deleteAccount(me.cookie, '')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('Informe sua senha para excluir a conta')
    const ip = newIp()
    let last = 0
    for (let i = 0; i < 11; i++) {
      const res = await store.app.inject({
        method: 'POST',
        url: '/api/user/delete-account',
        headers: { cookie: me.cookie },
        payload: { password: `errada-${i}` },
        remoteAddress: ip,
      })
      last = res.statusCode
    }
    expect(last).toBe(429)
    expect((await whoAmI(store.app, me.cookie)).json()).toMatchObject({ isAuthenticated: true })
    expect((await deleteAccount('', 'x')).statusCode).toBe(401)
  })

  it('erases the account: login fails, sessions die, guest look-up and downloads find nothing, revenue stays', async () => {
    const me = await customerWithOrder()
    const second = await login(store.app, me.email, 'senha-segura-1')
    const otherCookie = second.headers['set-cookie']!.toString().split(';')[0]!
    const before = await revenue()

    const res = await deleteAccount(me.cookie, 'senha-segura-1')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ success: true, accountErased: true, ordersAnonymised: 1 })

    expect((await login(store.app, me.email, 'senha-segura-1')).statusCode).toBe(401)
    expect((await whoAmI(store.app, me.cookie)).json()).toBeNull()
    expect((await whoAmI(store.app, otherCookie)).json()).toBeNull()
    const lookup = await store.app.inject({
      method: 'POST',
      url: '/api/guest-purchases',
      payload: { email: me.email, whatsapp: me.whatsapp },
      remoteAddress: newIp(),
    })
    expect(lookup.json().purchases ?? []).toEqual([])
    const download = await guestDownload(store, { ...me }, productId)
    expect(download.statusCode).toBeGreaterThanOrEqual(400)

    const [order] = await db().select().from(orders).where(eq(orders.id, me.orderId))
    expect(order).toMatchObject({
      customerName: 'Cliente removido',
      customerWhatsapp: '',
      status: 'paid',
      totalCents: 2990,
    })
    expect(order!.customerEmail).toMatch(/^removido-[0-9a-f]{32}@anonimo\.invalid$/)
    expect(await revenue()).toBe(before)
    const [user] = await db().select().from(users).where(eq(users.id, me.userId))
    expect(user).toMatchObject({
      passwordHash: null,
      isActive: false,
      firstName: 'Cliente removido',
    })
    expect(user!.email).not.toBe(order!.customerEmail)
    const left = await db()
      .select()
      .from(messageOutbox)
      .where(inArray(messageOutbox.toNumber, [me.email, '5521998765432']))
    expect(left).toEqual([])
    const bought = await db().select().from(purchases).where(eq(purchases.orderId, me.orderId))
    expect(bought.every((p) => p.revokedAt !== null && p.customerEmail !== me.email)).toBe(true)
    const audit = await db()
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.emailHash, hashEmail(me.email)))
    expect(audit.map((a) => [a.action, a.requestedVia])).toContainEqual(['erasure', 'customer'])
  })
})

describe('the admin', () => {
  it('covers the coupons used and the words of a refund request: exported, then erased', async () => {
    clock = new Date()
    const coupon = await call(
      store,
      'POST',
      '/api/admin/coupons',
      { code: 'PRIVADO', type: 'percent', value: 10 },
      { cookie: admin },
    )
    expect(coupon.statusCode).toBe(201)
    const ana = await customerWithOrder({ couponCode: 'privado' })
    const reason = 'Comprei errado: sou a Ana, da Escola Municipal Rui Barbosa'
    const asked = await call(
      store,
      'POST',
      `/api/orders/${ana.orderId}/refund-request`,
      { reason },
      { cookie: ana.cookie },
    )
    expect(asked.statusCode, asked.body).toBe(200)

    const data = (await exportOf(ana.cookie)).json<DataExport>()
    expect(data.couponUses).toEqual([{ orderId: ana.orderId, code: 'PRIVADO', discountCents: 299 }])
    expect(data.refunds).toMatchObject([{ orderId: ana.orderId, reason }])

    expect((await deleteAccount(ana.cookie, 'senha-segura-1')).statusCode).toBe(200)
    const [use] = await db().select().from(couponUses).where(eq(couponUses.orderId, ana.orderId))
    expect(use).toMatchObject({ email: '', discountCents: 299 })
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, ana.orderId))
    expect(refund).toMatchObject({ reason: '', decisionNote: null })
  })

  it('exports and erases a guest buyer by e-mail, audited with a hash only', async () => {
    const guest = await buyAsGuest(store, productId, { whatsapp: '(41) 98888-7777' })
    await store.database.db.insert(guestAccess).values({
      kind: 'link',
      email: guest.email,
      secretHash: `h-${guest.orderId}`,
      expiresAt: new Date(Date.now() + DAY),
    })
    const found = await call(
      store,
      'GET',
      `/api/admin/privacy/lookup?email=${encodeURIComponent(guest.email.toUpperCase())}`,
      undefined,
      { cookie: admin },
    )
    expect(found.json()).toMatchObject({ hasAccount: false, orders: 1, purchases: 1 })

    const exported = await call(
      store,
      'GET',
      `/api/admin/privacy/export?email=${encodeURIComponent(guest.email)}`,
      undefined,
      { cookie: admin },
    )
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-disposition']).toMatch(/^attachment/)
    const data = exported.json<DataExport>()
    expect(data.profile).toBeNull()
    expect(data.orders.map((o) => o.id)).toEqual([guest.orderId])

    const erased = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email: guest.email },
      { cookie: admin },
    )
    expect(erased.json()).toMatchObject({ accountErased: false, ordersAnonymised: 1 })
    expect(await db().select().from(guestAccess).where(eq(guestAccess.email, guest.email))).toEqual(
      [],
    )
    expect((await guestDownload(store, guest, productId)).statusCode).toBeGreaterThanOrEqual(400)

    const audit = await call(store, 'GET', '/api/admin/privacy/audit', undefined, { cookie: admin })
    const mine = audit
      .json<{ action: string; emailHash: string; adminId: string | null }[]>()
      .filter((a) => a.emailHash === hashEmail(guest.email))
    expect(mine.map((a) => a.action).sort()).toEqual(['erasure', 'export'])
    expect(mine.every((a) => a.adminId !== null)).toBe(true)
    expect(audit.body).not.toContain(guest.email)
  })

  it('answers bad e-mails in Portuguese, and refuses customers', async () => {
    const bad = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email: 'não-é-email' },
      { cookie: admin },
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: 'Email inválido' })
    const me = await customerSession(store.app)
    const refused = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email: me.email },
      { cookie: me.cookie },
    )
    expect(refused.statusCode).toBe(403)
    const self = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email: 'admin@teste.com' },
      { cookie: admin },
    )
    expect(self.statusCode).toBe(403)
  })

  it('two simultaneous erasures of one e-mail anonymise it once, both succeed', async () => {
    const me = await customerWithOrder()
    const [a, b] = await Promise.all([
      call(store, 'POST', '/api/admin/privacy/anonymize', { email: me.email }, { cookie: admin }),
      call(store, 'POST', '/api/admin/privacy/anonymize', { email: me.email }, { cookie: admin }),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    const counts = [a.json().ordersAnonymised, b.json().ordersAnonymised].sort()
    expect(counts).toEqual([0, 1])
    expect([a.json().accountErased, b.json().accountErased].sort()).toEqual([false, true])
    expect((await login(store.app, me.email, 'senha-segura-1')).statusCode).toBe(401)
    const [order] = await db().select().from(orders).where(eq(orders.id, me.orderId))
    expect(order!.customerEmail).toMatch(/@anonimo\.invalid$/)
  })
})

/** A 'Fale conosco' request sent under `email`; answers its protocol. */
async function contactUs(
  email: string,
  message = 'Sou a Ana, da Escola Rui Barbosa: não recebi o kit.',
) {
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Ana Professora', email, orderId: 'abc123', message },
    remoteAddress: newIp(),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ protocol: string }>().protocol
}

const contactRow = async (protocol: string) =>
  (await db().select().from(contactRequests).where(eq(contactRequests.protocol, protocol)))[0]!

describe("'Fale conosco' requests", () => {
  it('are exported and, on erasure, lose name, e-mail, order and words; protocol and date stay', async () => {
    const guest = await buyAsGuest(store, productId)
    const mine = await contactUs(guest.email.toUpperCase())
    const other = await contactUs('outra@escola.com.br', 'Outra pessoa, outra pergunta.')
    const before = await contactRow(mine)

    const exported = await call(
      store,
      'GET',
      `/api/admin/privacy/export?email=${encodeURIComponent(guest.email)}`,
      undefined,
      { cookie: admin },
    )
    const data = exported.json<DataExport>()
    expect(data.contactRequests).toEqual([
      {
        protocol: mine,
        name: 'Ana Professora',
        email: guest.email.toLowerCase(),
        orderId: 'abc123',
        message: 'Sou a Ana, da Escola Rui Barbosa: não recebi o kit.',
        createdAt: before.createdAt.toISOString(),
      },
    ])
    expect(exported.body).not.toContain(other)

    const erased = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email: guest.email },
      { cookie: admin },
    )
    expect(erased.statusCode).toBe(200)
    const after = await contactRow(mine)
    expect(after).toMatchObject({
      protocol: mine,
      createdAt: before.createdAt,
      name: 'Cliente removido',
      orderId: null,
    })
    expect(after.email).toMatch(/@anonimo\.invalid$/)
    expect(after.message).not.toContain('Ana')
    expect(after.anonymisedAt).not.toBeNull()
    expect(await contactRow(other)).toMatchObject({
      email: 'outra@escola.com.br',
      anonymisedAt: null,
    })
    // The owner's list still shows the protocol and date, and no longer the person.
    const list = await call(store, 'GET', '/api/admin/contact-requests', undefined, {
      cookie: admin,
    })
    expect(list.body).toContain(mine)
    expect(list.body).not.toContain(guest.email.toLowerCase())
    expect(list.body).not.toContain('Escola Rui Barbosa')
  })

  it("reach a customer's own export and erasure only once her e-mail is verified", async () => {
    const me = await customerSession(store.app)
    const protocol = await contactUs(me.email)
    expect((await exportOf(me.cookie)).json<DataExport>().contactRequests).toEqual([])

    await db().update(users).set({ emailVerifiedAt: clock }).where(eq(users.email, me.email))
    const data = (await exportOf(me.cookie)).json<DataExport>()
    expect(data.contactRequests.map((r) => r.protocol)).toEqual([protocol])

    expect((await deleteAccount(me.cookie, 'senha-segura-1')).statusCode).toBe(200)
    expect((await contactRow(protocol)).anonymisedAt).not.toBeNull()
  })

  it('older than the 90 days of unpaid orders lose their data, once, by the retention job', async () => {
    const old = await contactUs('antiga@escola.com.br')
    const recent = await contactUs('recente@escola.com.br')
    await db()
      .update(contactRequests)
      .set({ createdAt: new Date(clock.getTime() - 91 * DAY) })
      .where(eq(contactRequests.protocol, old))
    await db()
      .update(contactRequests)
      .set({ createdAt: new Date(clock.getTime() - 89 * DAY) })
      .where(eq(contactRequests.protocol, recent))

    const first = await store.app.services.privacy.applyRetention()
    expect(first.contactRequestsAnonymised).toBe(1)
    expect(await contactRow(old)).toMatchObject({ protocol: old, name: 'Cliente removido' })
    expect(await contactRow(recent)).toMatchObject({
      email: 'recente@escola.com.br',
      anonymisedAt: null,
    })
    const [x, y] = await Promise.all([
      store.app.services.privacy.applyRetention(),
      store.app.services.privacy.applyRetention(),
    ])
    expect(x.contactRequestsAnonymised + y.contactRequestsAnonymised).toBe(0)
  })
})

describe('reviews and abandoned-checkout drafts', () => {
  /** A review of `product` from the purchase of `orderId`, approved by the owner. */
  async function approvedReview(
    product: number,
    orderId: string,
    email: string,
    rating: number,
    text: string,
  ) {
    const [row] = await db()
      .insert(productReviews)
      .values({ productId: product, orderId, email, rating, text, displayName: 'Ana P.' })
      .returning()
    const res = await call(
      store,
      'PUT',
      `/api/admin/reviews/${row!.id}`,
      { status: 'approved' },
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(200)
    return row!
  }

  const draftOf = async (email: string, product: number) =>
    (
      await db()
        .insert(checkoutDrafts)
        .values({
          cartSession: randomBytes(8).toString('hex'),
          email,
          items: [{ productId: product, quantity: 2 }],
          token: randomBytes(24).toString('base64url'),
          updatedAt: clock,
        })
        .returning()
    )[0]!

  const ratingOf = async (product: number) =>
    (await call(store, 'GET', '/api/catalog'))
      .json<CatalogPage>()
      .items.find((c) => c.id === product)?.rating
  const reviewRows = (ids: number[]) =>
    db().select().from(productReviews).where(inArray(productReviews.id, ids))
  const draftRows = (ids: number[]) =>
    db().select().from(checkoutDrafts).where(inArray(checkoutDrafts.id, ids))

  it("are exported; erasure deletes hers, the product's stars stop counting hers, others stay", async () => {
    const product = (await insertProduct(store, { name: 'Alfabeto Ilustrado', priceCents: 990 })).id
    const guest = await buyAsGuest(store, product)
    const other = await buyAsGuest(store, product)
    const mine = await approvedReview(product, guest.orderId, guest.email, 1, 'Não serviu.')
    const theirs = await approvedReview(product, other.orderId, other.email, 5, 'Amei o alfabeto!')
    const myDraft = await draftOf(guest.email, product)
    const theirDraft = await draftOf(other.email, product)
    expect(await ratingOf(product)).toEqual({ average: 3, count: 2 })

    const exported = await call(
      store,
      'GET',
      `/api/admin/privacy/export?email=${encodeURIComponent(guest.email)}`,
      undefined,
      { cookie: admin },
    )
    const data = exported.json<DataExport>()
    expect(data.reviews).toEqual([
      {
        productId: product,
        productName: 'Alfabeto Ilustrado',
        rating: 1,
        text: 'Não serviu.',
        displayName: 'Ana P.',
        status: 'approved',
        hidden: false,
        reply: null,
        createdAt: mine.createdAt.toISOString(),
      },
    ])
    expect(data.checkoutDrafts).toEqual([
      {
        email: guest.email,
        items: [{ productId: product, productName: 'Alfabeto Ilustrado', quantity: 2 }],
        consent: true,
        reminderSentAt: null,
        createdAt: myDraft.createdAt.toISOString(),
      },
    ])
    expect(exported.body).not.toContain('Amei o alfabeto')
    expect(exported.body).not.toContain(other.email)
    expect(exported.body).not.toContain(myDraft.token)

    const erased = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email: guest.email },
      { cookie: admin },
    )
    expect(erased.statusCode, erased.body).toBe(200)
    expect(await reviewRows([mine.id, theirs.id])).toEqual([
      expect.objectContaining({ id: theirs.id, email: other.email, text: 'Amei o alfabeto!' }),
    ])
    expect(await draftRows([myDraft.id, theirDraft.id])).toEqual([
      expect.objectContaining({ id: theirDraft.id, email: other.email }),
    ])
    // The catalogue heard it after the commit: the stars are hers no more.
    expect(await ratingOf(product)).toEqual({ average: 5, count: 1 })
    const page = (await call(store, 'GET', `/api/products/${product}/reviews`)).json<{
      count: number
      items: { text: string }[]
    }>()
    expect(page.count).toBe(1)
    expect(page.items.map((i) => i.text)).toEqual(['Amei o alfabeto!'])
  })

  it("reach a customer's reviews of her orders; her drafts only once her e-mail is verified", async () => {
    const me = await customerWithOrder()
    const review = await approvedReview(productId, me.orderId, me.email, 4, 'Bom material.')
    const draft = await draftOf(me.email, productId)
    const before = (await exportOf(me.cookie)).json<DataExport>()
    expect(before.reviews.map((r) => r.text)).toEqual(['Bom material.'])
    // The draft's e-mail was only typed at checkout: an unverified account does not reach it.
    expect(before.checkoutDrafts).toEqual([])

    await db().update(users).set({ emailVerifiedAt: clock }).where(eq(users.email, me.email))
    const after = (await exportOf(me.cookie)).json<DataExport>()
    expect(after.checkoutDrafts.map((d) => d.email)).toEqual([me.email])

    expect((await deleteAccount(me.cookie, 'senha-segura-1')).statusCode).toBe(200)
    expect(await reviewRows([review.id])).toEqual([])
    expect(await draftRows([draft.id])).toEqual([])
  })
})

describe('retention jobs', () => {
  it('anonymise an unpaid 91-day-old order and not a paid one; drop IPs older than 6 months', async () => {
    const unpaid = await guestCheckout(store, newCartSession(), [{ productId }])
    const paid = await buyAsGuest(store, productId)
    expect((await guestDownload(store, paid, productId)).statusCode).toBe(200)
    const old = new Date(clock.getTime() - 91 * DAY)
    await db()
      .update(orders)
      .set({ createdAt: old })
      .where(inArray(orders.id, [unpaid.order.id, paid.orderId]))
    const [log] = await db()
      .select()
      .from(downloadLog)
      .innerJoin(purchases, eq(purchases.id, downloadLog.purchaseId))
      .where(eq(purchases.orderId, paid.orderId))
    expect(log!.download_log.ip).not.toBeNull()
    const recent = await db()
      .insert(downloadLog)
      .values({ productId, ip: '10.9.9.9', createdAt: new Date(clock.getTime() - 30 * DAY) })
      .returning()
    await db()
      .update(downloadLog)
      .set({ createdAt: new Date(clock.getTime() - 190 * DAY) })
      .where(eq(downloadLog.id, log!.download_log.id))

    const first = await store.app.services.privacy.applyRetention()
    expect(first.ordersAnonymised).toBeGreaterThanOrEqual(1)
    const rows = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, [unpaid.order.id, paid.orderId]))
    const byId = new Map(rows.map((r) => [r.id, r]))
    expect(byId.get(unpaid.order.id)).toMatchObject({
      customerName: 'Cliente removido',
      customerWhatsapp: '',
    })
    expect(byId.get(paid.orderId)!.customerEmail).toBe(paid.email)
    const [dropped] = await db()
      .select()
      .from(downloadLog)
      .where(eq(downloadLog.id, log!.download_log.id))
    expect(dropped!.ip).toBeNull()
    const [kept] = await db().select().from(downloadLog).where(eq(downloadLog.id, recent[0]!.id))
    expect(kept!.ip).toBe('10.9.9.9')

    // Run again (a second instance, or the next tick): nothing more to do.
    const [x, y] = await Promise.all([
      store.app.services.privacy.applyRetention(),
      store.app.services.privacy.applyRetention(),
    ])
    expect(x.ordersAnonymised + y.ordersAnonymised).toBe(0)
    expect(x.ipsDropped + y.ipsDropped).toBe(0)
  })

  it('follow the injected clock: an unpaid order of 89 days keeps its data', async () => {
    const unpaid = await guestCheckout(store, newCartSession(), [{ productId }])
    await db()
      .update(orders)
      .set({ createdAt: new Date(clock.getTime() - 89 * DAY) })
      .where(eq(orders.id, unpaid.order.id))
    await store.app.services.privacy.applyRetention()
    const [row] = await db().select().from(orders).where(eq(orders.id, unpaid.order.id))
    expect(row!.anonymisedAt).toBeNull()
    clock = new Date(clock.getTime() + 2 * DAY)
    await store.app.services.privacy.applyRetention()
    const [later] = await db().select().from(orders).where(eq(orders.id, unpaid.order.id))
    expect(later!.anonymisedAt).not.toBeNull()
  })
})
