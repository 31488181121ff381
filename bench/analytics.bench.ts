/**
 * The sales dashboard at 20,000 orders: an embedded PGlite database (the default
 * store) seeded in SQL with 20,000 orders over the last 400 days (about a third with campaign
 * tags, some with coupons and bumps, 2% refunded), their lines, and a funnel's daily counts;
 * then `GET /api/admin/analytics/sales`'s answer is computed by the analytics read model for
 * today, 7, 30, 90 and 365 days, and the CSV export for 30 days. Prints the median and worst of
 * 5 runs after one warm-up, against the 300 ms goal. `npm run bench -- analytics`.
 */
import type { FastifyBaseLogger } from 'fastify'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/server/db/client.js'
import { createFunnelService, storeDay } from '../src/server/modules/analytics/funnel.service.js'
import { createSalesReport } from '../src/server/modules/analytics/sales.read-model.js'

const ORDERS = 20_000
const GOAL_MS = 300
const RUNS = 5

const quiet = { error: console.error, warn: console.warn } as unknown as FastifyBaseLogger
const dataDir = await mkdtemp(path.join(tmpdir(), 'analytics-bench-'))
const database = await openDatabase({ dataDir })
try {
  await database.migrate()
  const { db } = database
  const t0 = performance.now()
  await db.execute(sql`
    INSERT INTO products (name, description, price_cents, category)
    SELECT 'Material ' || g, 'Descrição ' || g, 990 + (g % 7) * 500, 'alfabetizacao'
    FROM generate_series(1, 40) g`)
  await db.execute(sql`
    INSERT INTO orders (id, customer_name, customer_email, total_cents, discount_cents,
      coupon_code, status, payment_provider, paid_at, created_at, attribution)
    SELECT 'bench-' || g, 'Cliente ' || g, 'cliente' || g || '@exemplo.com',
      1990 + (g % 9) * 700, CASE WHEN g % 10 = 0 THEN 300 ELSE 0 END,
      CASE WHEN g % 10 = 0 THEN 'VOLTA' || (g % 3) END,
      CASE WHEN g % 50 = 0 THEN 'refunded' WHEN g % 7 = 0 THEN 'pending' ELSE 'paid' END,
      'mercadopago',
      CASE WHEN g % 7 = 0 THEN NULL ELSE now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute' END,
      now() - (g % 400) * interval '1 day' - (g % 1440) * interval '1 minute' - interval '5 minutes',
      CASE g % 3 WHEN 0 THEN jsonb_build_object('utm_source', (ARRAY['instagram','facebook','google','tiktok'])[1 + g % 4],
          'utm_medium', 'cpc', 'utm_campaign', 'campanha-' || (g % 12))
        WHEN 1 THEN NULL ELSE jsonb_build_object('referrer', 'l.instagram.com') END
    FROM generate_series(1, ${ORDERS}) g`)
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, unit_price_cents, quantity, bump_for)
    SELECT 'bench-' || g, p.id, p.name, p.price_cents, 1, NULL
    FROM generate_series(1, ${ORDERS}) g
    JOIN products p ON p.id = (SELECT min(id) FROM products) + g % 40`)
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, product_name, unit_price_cents, quantity, bump_for)
    SELECT 'bench-' || g, p.id, p.name, 490, 1, p.id - 1
    FROM generate_series(1, ${ORDERS}, 4) g
    JOIN products p ON p.id = (SELECT min(id) FROM products) + 1 + g % 39`)
  const today = storeDay(new Date())
  await db.execute(sql`
    INSERT INTO funnel_daily (day, step, visitors)
    SELECT ${today}::date - d, s.step, s.n * (50 + d % 20)
    FROM generate_series(0, 399) d,
      (VALUES ('visits', 10), ('productViews', 6), ('addToCart', 3), ('checkoutStarted', 2),
        ('pixGenerated', 1)) AS s (step, n)`)
  await db.execute(sql`ANALYZE`)
  console.log(
    `seeded ${ORDERS.toLocaleString('en')} orders in ${Math.round(performance.now() - t0)} ms (PGlite)`,
  )

  const report = createSalesReport(db, createFunnelService({ db, log: quiet }))
  const back = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10)

  async function measure(label: string, work: () => Promise<unknown>) {
    await work()
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now()
      await work()
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(RUNS / 2)]!
    const worst = times[RUNS - 1]!
    console.log(
      `${label.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms, worst ${worst.toFixed(1).padStart(6)} ms` +
        ` (goal ${GOAL_MS} ms: ${worst <= GOAL_MS ? 'ok' : 'OVER'})`,
    )
  }

  for (const days of [1, 7, 30, 90, 365]) {
    await measure(`sales dashboard, ${days} day${days === 1 ? '' : 's'}`, () =>
      report.sales({ from: back(days), to: today }),
    )
  }
  const sample = await report.sales({ from: back(30), to: today })
  console.log(
    `  (30 days: ${sample.totals.orders} paid orders, R$ ${sample.totals.revenue}, ` +
      `${sample.bySource.length} sources, ${sample.byProduct.length} products)`,
  )
  await measure('orders CSV, 30 days', () => report.ordersCsv({ from: back(30), to: today }))
} finally {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
}
