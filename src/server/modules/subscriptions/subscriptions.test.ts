import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerPurchase } from '../../../contracts/customer.js'
import type { DownloadAnswer } from '../../../contracts/downloads.js'
import type { AdminRefund } from '../../../contracts/refunds.js'
import type {
  AdminPlan,
  AdminSubscription,
  ClubeFigures,
  PublicPlan,
  SubscribeAnswer,
} from '../../../contracts/subscriptions.js'
import { buildApp } from '../../app.js'
import type { App } from '../../app-types.js'
import { adminSession, customerSession, newIp } from '../../testing/auth.js'
import { call, guestCheckout, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan, subscriptionRows } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { messageOutbox } from '../messaging/messaging.tables.js'
import { orders } from '../orders/orders.tables.js'

const DAY = 24 * 60 * 60 * 1000
const START = Date.parse('2026-11-02T12:00:00Z')
const onPostgres = Boolean(process.env.DATABASE_URL)

/** The stores' clock, moved by the tests (testing/clock.ts style: no sleeps). */
let at = START
const now = () => new Date(at)
const moveTo = (ms: number) => void (at = ms)

let store: TestStore
let second: { app: App; close(): Promise<unknown> }
let admin: string
let plan: AdminPlan
const inClube: number[] = []
let outside: number

beforeAll(async () => {
  store = await createTestStore({ now })
  if (onPostgres) {
    second = await createTestStore({ databaseUrl: store.databaseUrl, now })
  } else {
    const app = await buildApp({ ...store.app.deps, backgroundJobs: false })
    await app.ready()
    second = { app, close: () => app.close() }
  }
  admin = (await adminSession(store.app)).cookie
  for (const name of ['Alfabetização 1', 'Alfabetização 2']) {
    inClube.push((await insertProduct(store, { name, category: 'alfabetizacao' })).id)
  }
  outside = (await insertProduct(store, { name: 'Frações', category: 'matematica' })).id
  await store.app.services.catalog.invalidate()
  await second.app.services.catalog.invalidate()
}, 240_000)
afterAll(async () => {
  await second?.close()
  await store?.close()
})

const db = () => store.database.db
const svc = () => store.app.services.subscriptions

async function subscribe(cookie: string | undefined, body: Record<string, unknown> = {}) {
  const res = await call(
    store,
    'POST',
    '/api/subscriptions',
    { planId: plan.id, acceptTerms: true, ...body },
    { session: newCartSession(), ...(cookie ? { cookie } : {}) },
  )
  expect(res.statusCode, res.body).toBe(201)
  return res.json<SubscribeAnswer>()
}

const pay = (orderId: string) => store.app.services.orders.markOrderPaid(orderId, 'admin')

const { subRow, cycleOrder } = subscriptionRows(() => store)

const download = (cookie: string, productId: number) =>
  store.app.inject({
    method: 'POST',
    url: `/api/user/download/${productId}?data=0`,
    headers: { cookie },
    remoteAddress: newIp(),
  })

async function materials(cookie: string) {
  const res = await call(store, 'GET', '/api/user/purchases', undefined, { cookie })
  expect(res.statusCode).toBe(200)
  return res.json<CustomerPurchase[]>()
}

describe('plans', () => {
  it('the admin creates a plan; bad input is a Portuguese 400 naming the field', async () => {
    const bad = await call(
      store,
      'POST',
      '/api/admin/plans',
      { name: 'Clube', price: '19.999', interval: 'month', grants: { all: true } },
      { cookie: admin },
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Preço do plano inválido/)
    const noGrants = await call(
      store,
      'POST',
      '/api/admin/plans',
      { name: 'Clube', price: '19.90', interval: 'week', grants: {} },
      { cookie: admin },
    )
    expect(noGrants.statusCode).toBe(400)
    const stranger = await call(store, 'POST', '/api/admin/plans', {})
    expect([401, 403]).toContain(stranger.statusCode)

    const res = await call(
      store,
      'POST',
      '/api/admin/plans',
      {
        name: 'Alfabetização',
        description: 'Todo material de alfabetização, novo todo mês',
        price: '19.90',
        interval: 'month',
        grants: { categories: ['alfabetizacao'] },
        downloadsPerMaterial: 2,
        isActive: true,
      },
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(201)
    plan = res.json<AdminPlan>()
    expect(plan).toMatchObject({ price: '19.90', materials: 2, subscribers: 0 })
  })

  it('GET /api/plans shows what each active plan opens and its price per month', async () => {
    const res = await call(store, 'GET', '/api/plans')
    const [shown] = res.json<PublicPlan[]>()
    expect(shown).toMatchObject({ id: plan.id, monthlyPrice: '19.90', materialsCount: 2 })
    expect(shown!.sample.map((m) => m.id).sort()).toEqual([...inClube].sort())
    const forProduct = await call(store, 'GET', `/api/plans/for-product/${inClube[0]}`)
    expect(forProduct.json()).toEqual([{ id: plan.id, name: 'Alfabetização' }])
    const notIn = await call(store, 'GET', `/api/plans/for-product/${outside}`)
    expect(notIn.json()).toEqual([])
  })
})

describe('three cycles by monthly PIX, a late payment, a cancellation', () => {
  let cookie: string
  let subId: string

  it('subscribing places the first cycle as an order paid like any order', async () => {
    moveTo(START)
    cookie = (await customerSession(store.app)).cookie
    // Bought apart: stays whatever happens to the clube.
    await guestCheckout(store, newCartSession(), [{ productId: outside }])
    const answer = await subscribe(cookie, { price: '0.01' })
    subId = answer.subscription.id
    expect(answer.subscription.status).toBe('pendente')
    expect(answer.order.totalAmount).toBe('19.90')
    expect(answer.order.items).toEqual([
      expect.objectContaining({ productId: null, planId: plan.id, unitPrice: '19.90' }),
    ])
    expect(answer.pixPaymentData?.provider).toBe('demo')
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.order.id))
    expect(order!.subscriptionId).toBe(subId)
    expect(await materials(cookie)).toEqual([])

    expect(await pay(answer.order.id)).toBe(true)
    const sub = await subRow(subId)
    expect(sub.status).toBe('ativa')
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2026-12-02T12:00:00.000Z')
    const mine = await materials(cookie)
    expect(mine.map((p) => p.productId).sort()).toEqual([...inClube].sort())
    expect(mine.every((p) => p.maxDownloads === 2)).toBe(true)
  })

  it('cycle 2: its PIX goes out 3 days before the end, once, and paying extends from the end', async () => {
    moveTo(Date.parse('2026-11-28T12:00:00Z'))
    expect((await svc().runDue()).charged).toBe(0)
    moveTo(Date.parse('2026-11-29T13:00:00Z'))
    expect((await svc().runDue()).charged).toBe(1)
    expect((await svc().runDue()).charged).toBe(0)
    const second = await cycleOrder(subId, 2)
    expect(second).toBeTruthy()
    const mails = await db()
      .select()
      .from(messageOutbox)
      .where(like(messageOutbox.dedupeKey, `order:${second}:%`))
    expect(mails.length).toBeGreaterThan(0)
    // Paid two days before the end: the period still runs from the end.
    moveTo(Date.parse('2026-11-30T12:00:00Z'))
    await pay(second!)
    const sub = await subRow(subId)
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2027-01-02T12:00:00.000Z')
    const mine = await materials(cookie)
    expect(mine.filter((p) => p.orderId === second)).toHaveLength(2)
    expect(mine.filter((p) => inClube.includes(p.productId))).toHaveLength(2)
  })

  it('cycle 3 unpaid: em atraso at the end, paused after the grace, resumed when paid late', async () => {
    moveTo(Date.parse('2026-12-30T12:00:00Z'))
    expect((await svc().runDue()).charged).toBe(1)
    const third = await cycleOrder(subId, 3)
    moveTo(Date.parse('2027-01-02T12:00:01Z'))
    expect((await svc().runDue()).late).toBe(1)
    expect((await subRow(subId)).status).toBe('em_atraso')
    expect((await materials(cookie)).length).toBeGreaterThan(0)
    moveTo(Date.parse('2027-01-05T12:00:01Z'))
    expect((await svc().runDue()).paused).toBe(1)
    expect((await subRow(subId)).status).toBe('pausada')
    expect(await materials(cookie)).toEqual([])
    const told = await db()
      .select()
      .from(messageOutbox)
      .where(like(messageOutbox.dedupeKey, `subscription:${subId}:paused:%`))
    expect(told).toHaveLength(1)
    // Her PIX is still payable (its expiry is the grace's end; the provider honours it late).
    moveTo(Date.parse('2027-01-06T12:00:00Z'))
    expect(await pay(third!)).toBe(true)
    const sub = await subRow(subId)
    expect(sub.status).toBe('ativa')
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2027-02-02T12:00:00.000Z')
    expect((await materials(cookie)).filter((p) => p.orderId === third)).toHaveLength(2)
  })

  it('a stranger cannot cancel; she cancels: no further charge, access until the end', async () => {
    const stranger = (await customerSession(store.app)).cookie
    const refused = await call(
      store,
      'POST',
      `/api/subscriptions/${subId}/cancel`,
      {},
      {
        cookie: stranger,
      },
    )
    expect(refused.statusCode).toBe(404)
    const res = await call(store, 'POST', `/api/subscriptions/${subId}/cancel`, {}, { cookie })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().subscription.status).toBe('cancelada')
    moveTo(Date.parse('2027-01-31T12:00:00Z'))
    expect((await svc().runDue()).charged).toBe(0)
    expect(await cycleOrder(subId, 4)).toBeNull()
    expect((await materials(cookie)).length).toBeGreaterThan(0)
    moveTo(Date.parse('2027-02-02T12:00:01Z'))
    expect((await svc().runDue()).ended).toBe(1)
    expect((await subRow(subId)).status).toBe('encerrada')
    expect(await materials(cookie)).toEqual([])
  })
})

describe('withdrawal, figures, price changes, two instances', () => {
  /** A customer subscribes, pays, and asks to withdraw `days` later. */
  async function withdrawAfter(days: number) {
    moveTo(START)
    const cookie = (await customerSession(store.app)).cookie
    const answer = await subscribe(cookie)
    await pay(answer.order.id)
    moveTo(START + days * DAY)
    const res = await call(
      store,
      'POST',
      `/api/subscriptions/${answer.subscription.id}/cancel`,
      { withdraw: true },
      { cookie },
    )
    return { cookie, answer, res }
  }

  it('withdrawing within 7 days refunds the first payment (nothing downloaded: at once)', async () => {
    const { cookie, answer, res } = await withdrawAfter(3)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().refund).toBe('refunded')
    expect((await subRow(answer.subscription.id)).status).toBe('encerrada')
    expect(await materials(cookie)).toEqual([])
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.order.id))
    expect(order!.status).toBe('refunded')
  })

  it('after 7 days a withdrawal is refused with the reason', async () => {
    const { res } = await withdrawAfter(8)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/prazo de 7 dias/)
  })

  it('the admin lists subscribers with the names the checks use, and the figures', async () => {
    const res = await call(store, 'GET', '/api/admin/subscriptions', undefined, { cookie: admin })
    expect(res.statusCode).toBe(200)
    const list = res.json<AdminSubscription[]>()
    expect(list[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        planId: plan.id,
        email: expect.any(String),
        status: expect.any(String),
        method: 'pix_mensal',
      }),
    )
    expect('currentPeriodEnd' in list[0]!).toBe(true)
    const figures = await call(store, 'GET', '/api/admin/clube/figures', undefined, {
      cookie: admin,
    })
    expect(figures.json<ClubeFigures>().mrr).toBe('19.90')
  })

  it('a new price is told by e-mail and charged only from a later cycle', async () => {
    moveTo(START)
    const answer = await subscribe(undefined, { customerData: guestForm() })
    await pay(answer.order.id)
    const id = answer.subscription.id
    // Four days before cycle 2's PIX goes out: too late to change cycle 2.
    moveTo(Date.parse('2026-11-25T13:00:00Z'))
    const res = await call(
      store,
      'PUT',
      `/api/admin/plans/${plan.id}`,
      {
        name: plan.name,
        description: plan.description,
        price: '24.90',
        interval: 'month',
        grants: plan.grants,
        downloadsPerMaterial: 2,
        isActive: true,
      },
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(200)
    const told = await db()
      .select()
      .from(messageOutbox)
      .where(like(messageOutbox.dedupeKey, `subscription:${id}:price:%`))
    expect(told).toHaveLength(1)
    expect((await subRow(id)).nextPriceCents).toBe(2490)
    // Cycle 2's PIX goes out within the notice: still 19.90 (cycle 3 is the first at 24.90).
    moveTo(Date.parse('2026-11-29T13:00:00Z'))
    await svc().runDue()
    const [second] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, (await cycleOrder(id, 2))!))
    expect(second!.totalCents).toBe(1990)
  })

  it('two instances running the renewal job at once charge the cycle once', async () => {
    moveTo(START)
    const answer = await subscribe(undefined, { customerData: guestForm() })
    await pay(answer.order.id)
    moveTo(Date.parse('2026-11-29T13:00:00Z'))
    await Promise.all([
      svc().runDue(),
      second.app.services.subscriptions.runDue(),
      svc().runDue(),
      second.app.services.subscriptions.runDue(),
    ])
    const placed = await db()
      .select()
      .from(orders)
      .where(eq(orders.subscriptionId, answer.subscription.id))
    expect(placed).toHaveLength(2)
  })
})

describe('a period the owner gives free', () => {
  it('extends the period and starts a new download quota, as a paid cycle does', async () => {
    moveTo(START)
    const cookie = (await customerSession(store.app)).cookie
    const answer = await subscribe(cookie)
    const id = answer.subscription.id
    await pay(answer.order.id)
    const [material] = inClube
    moveTo(START + 3 * DAY)
    const first = await download(cookie, material!)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json<DownloadAnswer>().remainingDownloads).toBe(1)

    const res = await call(store, 'POST', `/api/admin/subscriptions/${id}/free-period`, undefined, {
      cookie: admin,
    })
    expect(res.statusCode, res.body).toBe(200)
    const given = res.json<AdminSubscription>()
    expect(given.currentPeriodEnd).toBe('2027-01-02T12:00:00.000Z')
    expect(given.cycles.map((c) => [c.cycle, c.status, c.amount])).toEqual([
      [1, 'paid', given.cycles[0]!.amount],
      [2, 'free', '0.00'],
    ])
    const freeOrder = (await cycleOrder(id, 2))!
    const [order] = await db().select().from(orders).where(eq(orders.id, freeOrder))
    expect(order).toMatchObject({ status: 'paid', totalCents: 0, subscriptionId: id })
    // The new period's materials: every one again, none of its downloads spent.
    const mine = await materials(cookie)
    expect(mine.map((p) => p.productId).sort()).toEqual([...inClube].sort())
    expect(mine.every((p) => p.orderId === freeOrder && p.downloadCount === 0)).toBe(true)
    expect(mine.every((p) => p.maxDownloads === 2)).toBe(true)
    const next = await download(cookie, material!)
    expect(next.statusCode, next.body).toBe(200)
    expect(next.json<DownloadAnswer>()).toMatchObject({ remainingDownloads: 1 })
    expect(next.json<DownloadAnswer>().purchaseId).not.toBe(first.json<DownloadAnswer>().purchaseId)
    const views = await call(store, 'GET', '/api/subscriptions/mine', undefined, { cookie })
    expect(views.json()[0]).toMatchObject({ id, clubeOrderId: freeOrder })

    // The next PIX is the cycle after it, 3 days before the new end; while it is out, no gift.
    moveTo(Date.parse('2026-12-30T13:00:00Z'))
    await svc().runDue()
    const third = (await cycleOrder(id, 3))!
    expect(third).toBeTruthy()
    const again = await call(
      store,
      'POST',
      `/api/admin/subscriptions/${id}/free-period`,
      undefined,
      {
        cookie: admin,
      },
    )
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/PIX do próximo período já foi enviado/)
    // Paying it ends the free period's grants, as each paid cycle ends the one before.
    await pay(third)
    expect((await subRow(id)).currentPeriodEnd!.toISOString()).toBe('2027-02-02T12:00:00.000Z')
    const renewed = await materials(cookie)
    expect(renewed.length).toBe(inClube.length)
    expect(renewed.every((p) => p.orderId === third && p.downloadCount === 0)).toBe(true)
  })

  /**
   * Subscribe, pay, maybe download before and after the owner's gift, then withdraw from the
   * subscription, or ask the first payment's refund as of any order.
   */
  async function withdrawAfterGift(
    downloads: { before: boolean; after: boolean },
    how: 'cancel' | 'refund-request' = 'cancel',
  ) {
    moveTo(START)
    const cookie = (await customerSession(store.app)).cookie
    const answer = await subscribe(cookie)
    const id = answer.subscription.id
    await pay(answer.order.id)
    moveTo(START + DAY)
    if (downloads.before) expect((await download(cookie, inClube[0]!)).statusCode).toBe(200)
    const given = await call(
      store,
      'POST',
      `/api/admin/subscriptions/${id}/free-period`,
      undefined,
      {
        cookie: admin,
      },
    )
    expect(given.statusCode, given.body).toBe(200)
    if (downloads.after) expect((await download(cookie, inClube[1]!)).statusCode).toBe(200)
    moveTo(START + 2 * DAY)
    const res =
      how === 'cancel'
        ? await call(
            store,
            'POST',
            `/api/subscriptions/${id}/cancel`,
            { withdraw: true },
            { cookie },
          )
        : await call(
            store,
            'POST',
            `/api/orders/${answer.order.id}/refund-request`,
            { reason: 'Desisti do clube' },
            { cookie },
          )
    expect(res.statusCode, res.body).toBe(200)
    const refund = how === 'cancel' ? res.json().refund : res.json().status
    const refunds = await call(store, 'GET', '/api/admin/refunds', undefined, { cookie: admin })
    const request = refunds.json<AdminRefund[]>().find((r) => r.orderId === answer.order.id)
    return { cookie, id, firstOrder: answer.order.id, refund, request }
  }

  it('a withdrawal after it reads what was downloaded in the period: the owner decides', async () => {
    // Downloaded under the first period, whose purchases the gift revoked.
    const before = await withdrawAfterGift({ before: true, after: false })
    expect(before.refund).toBe('pending')
    expect(before.request).toMatchObject({ status: 'review' })
    expect(before.request!.uses.map((u) => u.kind)).toEqual(['download'])
    expect(
      (await db().select().from(orders).where(eq(orders.id, before.firstOrder)))[0]!.status,
    ).toBe('paid')
    expect((await subRow(before.id)).status).toBe('cancelada')
    // She keeps the period's materials while the owner decides.
    expect(await materials(before.cookie)).toHaveLength(inClube.length)

    // Downloaded only under the free period: used all the same.
    const after = await withdrawAfterGift({ before: false, after: true })
    expect(after.refund).toBe('pending')
    expect(after.request).toMatchObject({ status: 'review' })

    // The first payment's refund asked as of any order reads the same.
    const direct = await withdrawAfterGift({ before: false, after: true }, 'refund-request')
    expect(direct.refund).toBe('review')
    expect(await materials(direct.cookie)).toHaveLength(inClube.length)
  })

  it('a withdrawal after it with nothing downloaded refunds at once and ends every period', async () => {
    const untouched = await withdrawAfterGift({ before: false, after: false })
    expect(untouched.refund).toBe('refunded')
    expect((await subRow(untouched.id)).status).toBe('encerrada')
    expect(await materials(untouched.cookie)).toEqual([])
  })
})

describe('the library grows', () => {
  it('a material put on sale in (or moved into) what a plan opens is hers at once, with its downloads', async () => {
    moveTo(START)
    const created = await call(
      store,
      'POST',
      '/api/admin/plans',
      {
        name: 'Artes',
        price: '9.90',
        interval: 'month',
        grants: { categories: ['artes_musica'] },
        downloadsPerMaterial: 3,
        isActive: true,
      },
      { cookie: admin },
    )
    expect(created.statusCode, created.body).toBe(201)
    const arts = created.json<AdminPlan>()
    const first = (await insertProduct(store, { name: 'Pintura', category: 'artes_musica' })).id
    const later = (await insertProduct(store, { name: 'Música', category: 'portugues' })).id
    await store.app.services.catalog.invalidate()
    const { cookie } = await customerSession(store.app)
    const answer = await subscribe(cookie, { planId: arts.id })
    expect(await pay(answer.order.id)).toBe(true)
    expect((await materials(cookie)).map((p) => p.productId)).toEqual([first])
    // Not in the plan yet: no access.
    expect((await download(cookie, later)).statusCode).toBe(404)

    // The owner moves it into the plan's category: no new period is needed.
    const moved = await call(
      store,
      'PUT',
      `/api/products/${later}/update-json`,
      { name: 'Música', price: '19.90', category: 'artes_musica' },
      { cookie: admin },
    )
    expect(moved.statusCode, moved.body).toBe(200)
    await expect
      .poll(async () => (await materials(cookie)).map((p) => p.productId).sort())
      .toEqual([first, later].sort())
    const mine = await materials(cookie)
    expect(mine.every((p) => p.maxDownloads === 3)).toBe(true)
    expect((await download(cookie, later)).statusCode).toBe(200)

    // A change whose handler never ran (a crash after the commit) is caught by the renewal job,
    // and running it again grants nothing twice.
    const third = (await insertProduct(store, { name: 'Teatro', category: 'artes_musica' })).id
    await store.app.services.catalog.invalidate()
    expect((await materials(cookie)).map((p) => p.productId)).not.toContain(third)
    await svc().runDue()
    expect((await materials(cookie)).map((p) => p.productId)).toContain(third)
    await svc().runDue()
    expect(await materials(cookie)).toHaveLength(3)
    // Two instances (or the job and a handler) at once: the unique (line, product) holds.
    await Promise.all(Array.from({ length: 10 }, () => svc().grantNewMaterials()))
    expect(await materials(cookie)).toHaveLength(3)
  })
})

describe("the clube's e-mails read like a subscription", () => {
  const OWNER = 'dona.clube@loja.com.br'
  const outbox = (key: string) =>
    db().select().from(messageOutbox).where(like(messageOutbox.dedupeKey, key))
  let leitura: AdminPlan
  const join = (cookie: string) => subscribe(cookie, { planId: leitura.id })

  it('the receipt: plan, period and its end, renewal by PIX each cycle, how to cancel, the terms', async () => {
    moveTo(START)
    await store.app.services.settings.set('admin_email', OWNER)
    leitura = await createPlan(store, admin, { name: 'Leitura', downloadsPerMaterial: 2 })
    const cookie = (await customerSession(store.app)).cookie
    const answer = await join(cookie)
    const created = (await outbox(`order:${answer.order.id}:created:email`))[0]!
    expect(created.subject!.replace(/\u00a0/g, ' ')).toBe(
      'Assinatura Clube Leitura (mensal): pague R$ 19,90 com PIX',
    )
    expect(await pay(answer.order.id)).toBe(true)
    const [paid] = await outbox(`order:${answer.order.id}:paid:email`)
    expect(paid!.subject).toBe('Assinatura ativa: Clube Leitura')
    const text = paid!.body.replace(/\u00a0/g, ' ')
    expect(text).toContain('Recebemos o pagamento de R$ 19,90 da sua assinatura mensal')
    expect(text).toContain('Período pago: de 2 de novembro de 2026 a 2 de dezembro de 2026.')
    expect(text).toContain('2 downloads de cada por período')
    expect(text).toContain(
      'Renovação: 3 dias antes de 2 de dezembro de 2026, enviamos por e-mail o PIX do próximo período.',
    )
    expect(text).toContain("toque em 'Cancelar assinatura'")
    expect(text).toContain(
      "Até 9 de novembro de 2026 (7 dias deste primeiro pagamento), você também pode 'Desistir com reembolso'",
    )
    expect(text).toContain('Termos aceitos na assinatura (guarde este e-mail)')
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.order.id))
    expect(order!.termsVersionId).not.toBeNull()

    // She cancels: greeted, told until when, sent to her area; the owner is told.
    const res = await call(
      store,
      'POST',
      `/api/subscriptions/${answer.subscription.id}/cancel`,
      {},
      { cookie },
    )
    expect(res.statusCode, res.body).toBe(200)
    const [bye] = await outbox(`subscription:${answer.subscription.id}:cancelled`)
    expect(bye!.body).toMatch(/^Olá, /m)
    expect(bye!.body).toContain('continuam liberados em Meus materiais até 2 de dezembro de 2026')
    expect(bye!.body).toContain('/dashboard')
    const [owner] = await outbox(`subscription:${answer.subscription.id}:cancelled:admin`)
    expect(owner!.toNumber).toBe(OWNER)
    expect(owner!.subject).toMatch(/^Assinatura cancelada: /)
    expect(owner!.body).toContain('Cancelada pela assinante.')
    expect(owner!.body).toContain('o acesso aos materiais do clube vai até 2 de dezembro de 2026')
  })

  it('a withdrawal is told to the owner too', async () => {
    moveTo(START)
    const cookie = (await customerSession(store.app)).cookie
    const answer = await join(cookie)
    await pay(answer.order.id)
    moveTo(START + 2 * DAY)
    const res = await call(
      store,
      'POST',
      `/api/subscriptions/${answer.subscription.id}/cancel`,
      { withdraw: true },
      { cookie },
    )
    expect(res.statusCode, res.body).toBe(200)
    const [owner] = await outbox(`subscription:${answer.subscription.id}:withdrawn:admin`)
    expect(owner!.subject).toMatch(/^Desistência com reembolso: /)
    const [bye] = await outbox(`subscription:${answer.subscription.id}:cancelled`)
    expect(bye!.body).toContain('Você pediu a desistência com reembolso do primeiro pagamento')
  })
})
