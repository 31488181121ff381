import { sql, type SQL } from 'drizzle-orm'
import {
  STORE_TIME_ZONE,
  type PeriodQuery,
  type SalesAnalytics,
  type SalesTotals,
} from '../../../contracts/analytics.js'
import { DIRECT_SOURCE } from '../../../contracts/attribution.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import type { FunnelService } from './funnel.service.js'
import { ordersCsv } from './orders-csv.js'

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The period of the same number of days just before [from, to]. */
export function previousPeriod({ from, to }: PeriodQuery): PeriodQuery {
  const start = Date.parse(`${from}T00:00:00Z`)
  const days = (Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS + 1
  return { from: isoDay(start - days * DAY_MS), to: isoDay(start - DAY_MS) }
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const tz = sql.raw(`'${STORE_TIME_ZONE}'`)
/** The first instant of `day` in the store's time zone, and of the day after `day`. */
const startOf = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${tz})`
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`
/** A paid order, paid within [from, to]: what every revenue figure here counts. */
const paidWithin = (p: PeriodQuery, alias = 'o') => {
  const o = sql.raw(alias)
  return sql`${o}.status = 'paid' AND ${o}.paid_at >= ${startOf(p.from)} AND ${o}.paid_at < ${endOf(p.to)}`
}

/**
 * The source as contracts/attribution.ts `sourceOf` tells it, in SQL: the campaign's source,
 * else the ad click id's platform, else the referrer's host, else 'direto'.
 */
const SOURCE = sql`coalesce(nullif(o.attribution->>'utm_source', ''),
  CASE WHEN o.attribution ? 'fbclid' THEN 'facebook' WHEN o.attribution ? 'gclid' THEN 'google'
    WHEN o.attribution ? 'ttclid' THEN 'tiktok' END,
  nullif(o.attribution->>'referrer', ''), ${DIRECT_SOURCE})`

const money = (cents: unknown) => centsToDecimal(Number(cents ?? 0))

interface TotalsRow {
  orders: number
  cents: string
  refunds: number
  refunded_cents: string
}

function totalsOf(row: TotalsRow | undefined): SalesTotals {
  const orders = Number(row?.orders ?? 0)
  const cents = Number(row?.cents ?? 0)
  return {
    orders,
    revenue: centsToDecimal(cents),
    averageTicket: centsToDecimal(orders > 0 ? Math.round(cents / orders) : 0),
    refunds: Number(row?.refunds ?? 0),
    refundedAmount: money(row?.refunded_cents),
  }
}

/**
 * The sales dashboard (Visão Geral): a read model over the orders' tables (decision 009) and the
 * funnel's counts. One query per widget whatever the number of orders, each an aggregate the
 * database computes; the days are the store's (America/Sao_Paulo), so a PIX paid at 23:30 in
 * São Paulo is that day's sale even though it is the next day in UTC.
 */
export function createSalesReport(db: Db, funnel: Pick<FunnelService, 'totals'>) {
  return {
    /** The period's orders as a spreadsheet (orders-csv.ts). */
    ordersCsv: (period: PeriodQuery) => ordersCsv(db, period),

    /** Every figure but the hearts, which the favorites module counts (analytics.routes.ts). */
    async sales(period: PeriodQuery): Promise<Omit<SalesAnalytics, 'mostFavorited'>> {
      const prev = previousPeriod(period)
      const [series, [totals], bySource, byProduct, byCoupon, byBump, visitors] = await Promise.all(
        [
          // Each day's bounds are computed once (90 conversions, not one per order), and each
          // day's orders are an index range on paid_at.
          rowsOf<{ date: string; orders: number; cents: string }>(
            db,
            sql`WITH days AS (
                SELECT d::date AS day, (d::timestamp AT TIME ZONE ${tz}) AS starts,
                  ((d + interval '1 day')::timestamp AT TIME ZONE ${tz}) AS ends
                FROM generate_series(${period.from}::date, ${period.to}::date, interval '1 day') d)
              SELECT to_char(days.day, 'YYYY-MM-DD') AS date, count(o.id)::int AS orders,
                coalesce(sum(o.total_cents), 0)::bigint AS cents
              FROM days LEFT JOIN orders o ON o.status = 'paid'
                AND o.paid_at >= days.starts AND o.paid_at < days.ends
              GROUP BY days.day ORDER BY days.day`,
          ),
          // Both periods in one pass over the orders paid since the previous period began.
          rowsOf<TotalsRow & { [k: `prev_${string}`]: unknown }>(
            db,
            sql`SELECT
                count(*) FILTER (WHERE ${paidWithin(period)})::int AS orders,
                coalesce(sum(o.total_cents) FILTER (WHERE ${paidWithin(period)}), 0)::bigint AS cents,
                count(*) FILTER (WHERE ${refundedWithin(period)})::int AS refunds,
                coalesce(sum(o.total_cents) FILTER (WHERE ${refundedWithin(period)}), 0)::bigint
                  AS refunded_cents,
                count(*) FILTER (WHERE ${paidWithin(prev)})::int AS prev_orders,
                coalesce(sum(o.total_cents) FILTER (WHERE ${paidWithin(prev)}), 0)::bigint AS prev_cents,
                count(*) FILTER (WHERE ${refundedWithin(prev)})::int AS prev_refunds,
                coalesce(sum(o.total_cents) FILTER (WHERE ${refundedWithin(prev)}), 0)::bigint
                  AS prev_refunded_cents
              FROM orders o
              WHERE o.paid_at >= ${startOf(prev.from)} AND o.paid_at < ${endOf(period.to)}`,
          ),
          rowsOf<{
            source: string
            medium: string
            campaign: string
            orders: number
            cents: string
          }>(
            db,
            sql`SELECT ${SOURCE} AS source, coalesce(o.attribution->>'utm_medium', '') AS medium,
                coalesce(o.attribution->>'utm_campaign', '') AS campaign,
                count(*)::int AS orders, sum(o.total_cents)::bigint AS cents
              FROM orders o WHERE ${paidWithin(period)}
              GROUP BY 1, 2, 3 ORDER BY cents DESC, orders DESC, source LIMIT 50`,
          ),
          rowsOf<{ product_id: number; name: string; orders: number; cents: string }>(
            db,
            sql`SELECT i.product_id, max(i.product_name) AS name,
                count(DISTINCT i.order_id)::int AS orders,
                sum(i.unit_price_cents * i.quantity)::bigint AS cents
              FROM order_items i JOIN orders o ON o.id = i.order_id
              WHERE ${paidWithin(period)}
              GROUP BY i.product_id ORDER BY cents DESC, i.product_id LIMIT 10`,
          ),
          rowsOf<{ code: string; orders: number; cents: string; discount: string }>(
            db,
            sql`SELECT o.coupon_code AS code, count(*)::int AS orders,
                sum(o.total_cents)::bigint AS cents, sum(o.discount_cents)::bigint AS discount
              FROM orders o WHERE ${paidWithin(period)} AND o.coupon_code IS NOT NULL
              GROUP BY 1 ORDER BY cents DESC, code LIMIT 20`,
          ),
          rowsOf<{ product_id: number; name: string; taken: number; cents: string }>(
            db,
            sql`SELECT i.product_id, max(i.product_name) AS name, count(*)::int AS taken,
                sum(i.unit_price_cents * i.quantity)::bigint AS cents
              FROM order_items i JOIN orders o ON o.id = i.order_id
              WHERE ${paidWithin(period)} AND i.bump_for IS NOT NULL
              GROUP BY i.product_id ORDER BY cents DESC, i.product_id LIMIT 20`,
          ),
          funnel.totals(period.from, period.to),
        ],
      )
      const current = totalsOf(totals)
      const previous = totalsOf(
        totals && {
          orders: totals.prev_orders as number,
          cents: totals.prev_cents as string,
          refunds: totals.prev_refunds as number,
          refunded_cents: totals.prev_refunded_cents as string,
        },
      )
      return {
        from: period.from,
        to: period.to,
        previousFrom: prev.from,
        previousTo: prev.to,
        series: series.map((r) => ({
          date: r.date,
          orders: Number(r.orders),
          revenue: money(r.cents),
        })),
        totals: current,
        previous,
        bySource: bySource.map((r) => ({
          source: r.source,
          medium: r.medium,
          campaign: r.campaign,
          orders: Number(r.orders),
          revenue: money(r.cents),
        })),
        byProduct: byProduct.map((r) => ({
          productId: Number(r.product_id),
          name: r.name,
          orders: Number(r.orders),
          revenue: money(r.cents),
        })),
        byCoupon: byCoupon.map((r) => ({
          code: r.code,
          orders: Number(r.orders),
          revenue: money(r.cents),
          discount: money(r.discount),
        })),
        byBump: byBump.map((r) => ({
          productId: Number(r.product_id),
          name: r.name,
          taken: Number(r.taken),
          revenue: money(r.cents),
        })),
        funnel: {
          visits: visitors.visits ?? 0,
          productViews: visitors.productViews ?? 0,
          addToCart: visitors.addToCart ?? 0,
          checkoutStarted: visitors.checkoutStarted ?? 0,
          pixGenerated: visitors.pixGenerated ?? 0,
          paid: current.orders,
        },
      }
    },
  }
}

/** Orders paid within the period and refunded since (the period's sales given back). */
function refundedWithin(p: PeriodQuery) {
  return sql`o.status = 'refunded' AND o.paid_at >= ${startOf(p.from)} AND o.paid_at < ${endOf(p.to)}`
}

export type SalesReport = ReturnType<typeof createSalesReport>
