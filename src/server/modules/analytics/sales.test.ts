import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SalesAnalytics } from '../../../contracts/analytics.js'
import type { Attribution } from '../../../contracts/attribution.js'
import { adminSession } from '../../testing/auth.js'
import type { SubscribeAnswer } from '../../../contracts/subscriptions.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { orderItems, orders } from '../orders/orders.tables.js'

let store: TestStore
let admin: string
let kit: { id: number }
let poster: { id: number }
let seq = 0

interface Seed {
  paidAt: string | null
  status?: 'paid' | 'refunded' | 'pending' | 'cancelled'
  totalCents: number
  discountCents?: number
  couponCode?: string
  attribution?: Attribution
  createdAt?: string
  name?: string
  provider?: string
  lines: { productId: number; name: string; cents: number; quantity?: number; bumpFor?: number }[]
}

async function seed(o: Seed) {
  const id = `sales-${++seq}`
  await store.database.db.insert(orders).values({
    id,
    customerName: o.name ?? 'Ana Lima',
    customerEmail: `ana${seq}@exemplo.com`,
    totalCents: o.totalCents,
    discountCents: o.discountCents ?? 0,
    couponCode: o.couponCode ?? null,
    status: o.status ?? 'paid',
    paymentProvider: o.provider ?? 'mercadopago',
    paidAt: o.paidAt ? new Date(o.paidAt) : null,
    attribution: o.attribution ?? null,
    createdAt: new Date(o.createdAt ?? o.paidAt ?? '2026-03-10T12:00:00Z'),
  })
  await store.database.db.insert(orderItems).values(
    o.lines.map((l) => ({
      orderId: id,
      productId: l.productId,
      productName: l.name,
      unitPriceCents: l.cents,
      quantity: l.quantity ?? 1,
      bumpFor: l.bumpFor ?? null,
    })),
  )
  return id
}

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  kit = await insertProduct(store, { name: 'Kit', priceCents: 3000 })
  poster = await insertProduct(store, { name: 'Cartaz', priceCents: 1000 })
  const k = { productId: kit.id, name: 'Kit', cents: 3000 }
  const p = { productId: poster.id, name: 'Cartaz', cents: 1000 }
  const ig: Attribution = { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'volta' }
  // The period 2026-03-10..2026-03-12, São Paulo (UTC−3): its first instant is 03:00Z on the
  // 10th, its last 02:59Z on the 13th.
  await seed({ paidAt: '2026-03-10T03:00:00Z', totalCents: 3000, lines: [k], attribution: ig })
  await seed({
    paidAt: '2026-03-11T02:59:00Z', // 23:59 of the 10th in São Paulo
    totalCents: 4000,
    lines: [k, { ...p, bumpFor: kit.id }],
    attribution: { fbclid: 'x' },
  })
  await seed({
    paidAt: '2026-03-12T15:00:00Z',
    totalCents: 2700,
    discountCents: 300,
    couponCode: 'VOLTA10',
    lines: [k],
    attribution: ig,
  })
  await seed({ paidAt: '2026-03-13T02:30:00Z', totalCents: 1000, lines: [p] }) // 12th, 23:30
  // Outside: 00:10 of the 13th in São Paulo, and 23:50 of the 9th.
  await seed({ paidAt: '2026-03-13T03:10:00Z', totalCents: 9900, lines: [k] })
  await seed({ paidAt: '2026-03-10T02:50:00Z', totalCents: 1000, lines: [p] }) // previous period
  await seed({ paidAt: '2026-03-08T12:00:00Z', totalCents: 3000, lines: [k] }) // previous period
  // Refunded within the period; pending and cancelled never count.
  await seed({ paidAt: '2026-03-11T12:00:00Z', status: 'refunded', totalCents: 3000, lines: [k] })
  await seed({ paidAt: null, status: 'pending', totalCents: 3000, lines: [k] })
  await seed({ paidAt: null, status: 'cancelled', totalCents: 3000, lines: [k] })
})
afterAll(() => store.close())

const get = (url: string, cookie = admin) => call(store, 'GET', url, undefined, { cookie })

describe('GET /api/admin/analytics/sales', () => {
  it('answers totals that equal a hand count, with days cut in São Paulo time', async () => {
    const res = await get('/api/admin/analytics/sales?from=2026-03-10&to=2026-03-12')
    expect(res.statusCode, res.body).toBe(200)
    const a = res.json<SalesAnalytics>()
    // Paid in the period: 30,00 + 40,00 + 27,00 + 10,00 (the 23:59 and 23:30 ones included).
    expect(a.totals).toEqual({
      orders: 4,
      revenue: '107.00',
      averageTicket: '26.75',
      refunds: 1,
      refundedAmount: '30.00',
    })
    expect(a.series).toEqual([
      { date: '2026-03-10', orders: 2, revenue: '70.00' },
      { date: '2026-03-11', orders: 0, revenue: '0.00' },
      { date: '2026-03-12', orders: 2, revenue: '37.00' },
    ])
    expect([a.previousFrom, a.previousTo]).toEqual(['2026-03-07', '2026-03-09'])
    expect(a.previous).toMatchObject({ orders: 2, revenue: '40.00', averageTicket: '20.00' })
    expect(a.bySource).toEqual([
      { source: 'instagram', medium: 'social', campaign: 'volta', orders: 2, revenue: '57.00' },
      { source: 'facebook', medium: '', campaign: '', orders: 1, revenue: '40.00' },
      { source: 'direto', medium: '', campaign: '', orders: 1, revenue: '10.00' },
    ])
    expect(a.byProduct).toEqual([
      { productId: kit.id, name: 'Kit', orders: 3, revenue: '90.00' },
      { productId: poster.id, name: 'Cartaz', orders: 2, revenue: '20.00' },
    ])
    expect(a.byCoupon).toEqual([{ code: 'VOLTA10', orders: 1, revenue: '27.00', discount: '3.00' }])
    expect(a.byBump).toEqual([{ productId: poster.id, name: 'Cartaz', taken: 1, revenue: '10.00' }])
    expect(a.funnel.paid).toBe(4)
  })

  it('refuses a bad period, naming the parameter, and anyone but the admin', async () => {
    const bad = await get('/api/admin/analytics/sales?from=2026-03-12&to=2026-03-10')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: expect.any(String) })
    const malformed = await get('/api/admin/analytics/sales?from=ontem&to=2026-03-10')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ message: 'from: use AAAA-MM-DD' })
    expect(
      (await get('/api/admin/analytics/sales?from=2026-03-10&to=2026-03-12', '')).statusCode,
    ).toBe(401)
  })

  it('counts the funnel from pages and API calls, once per visitor a day, robots left out', async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/120' }
    const other = { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/605', 'x-forwarded-for': '1.2.3.4' }
    const robot = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }
    const session = newCartSession()
    for (const headers of [browser, browser, other, robot]) {
      await call(store, 'GET', `/api/products/${kit.id}`, undefined, { headers })
    }
    await call(
      store,
      'POST',
      '/api/cart',
      { productId: kit.id, quantity: 1 },
      { session, headers: browser },
    )
    await call(store, 'GET', '/api/payments/methods', undefined, { headers: browser })
    await store.app.services.funnel.drain()
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    )
    const a = (
      await get(`/api/admin/analytics/sales?from=${today}&to=${today}`)
    ).json<SalesAnalytics>()
    expect(a.funnel).toMatchObject({ productViews: 2, addToCart: 1, checkoutStarted: 1 })
    // Neither addresses nor user agents are stored: only the salted hashes of today.
    const stored = JSON.stringify(
      (
        (await store.database.db.execute('SELECT * FROM funnel_visitors')) as unknown as {
          rows: unknown[]
        }
      ).rows,
    )
    expect(stored).not.toContain('Mozilla')
    expect(stored).not.toContain('1.2.3.4')
  })

  it('counts the clube’s PIX and its paid cycle like a checkout’s', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    )
    const funnel = async () =>
      (await get(`/api/admin/analytics/sales?from=${today}&to=${today}`)).json<SalesAnalytics>()
        .funnel
    const before = await funnel()
    const plan = await createPlan(store, admin)
    const subscribed = await call(
      store,
      'POST',
      '/api/subscriptions',
      { planId: plan.id, acceptTerms: true, customerData: guestForm() },
      {
        session: newCartSession(),
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/121' },
      },
    )
    expect(subscribed.statusCode, subscribed.body).toBe(201)
    await store.app.services.orders.markOrderPaid(
      subscribed.json<SubscribeAnswer>().order.id,
      'admin',
    )
    await store.app.services.funnel.drain()
    const after = await funnel()
    expect(after.pixGenerated).toBe(before.pixGenerated + 1)
    expect(after.paid).toBe(before.paid + 1)
  })
})

describe('GET /api/admin/orders.csv', () => {
  it('is a spreadsheet Excel pt-BR opens: BOM, semicolons, decimal commas', async () => {
    await seed({
      paidAt: '2026-03-11T13:00:00Z',
      name: '=HYPERLINK("http://mal")',
      // The store's own key: the owner reads 'PIX da loja', never the code name.
      provider: 'static',
      totalCents: 123450,
      lines: [{ productId: kit.id, name: 'Kit; "especial"', cents: 123450 }],
      attribution: { utm_source: '@fonte', utm_campaign: '-1+2' },
    })
    const res = await get('/api/admin/orders.csv?from=2026-03-11&to=2026-03-11')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain('pedidos-2026-03-11-a-2026-03-11.csv')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Pedido;Criado em;Status;Cliente;E-mail;WhatsApp;Itens;Subtotal;Desconto;Total;Cupom;Pagamento;Provedor;Pago em;Origem;Mídia;Campanha',
    )
    // The refunded order of the 11th (09:00) and this one (10:00), newest first.
    expect(lines).toHaveLength(3)
    expect(lines[1]).toBe(
      `sales-${seq};11/03/2026 10:00;Pago;"'=HYPERLINK(""http://mal"")";ana${seq}@exemplo.com;;"Kit; ""especial""";1234,50;0,00;1234,50;;PIX;PIX da loja;11/03/2026 10:00;'@fonte;;'-1+2`,
    )
    expect(lines[2]).toContain(';Reembolsado;')
    expect(lines[2]).toContain(';PIX;Mercado Pago;')
    expect(res.body).not.toMatch(/;(static|mercadopago|woovi|asaas|demo|pending|paid|refunded);/)
  })
})
