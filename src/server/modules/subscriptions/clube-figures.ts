import type { ClubeFigures, ClubeMonth } from '../../../contracts/subscriptions.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { SubscriptionRow } from './clube-grants.js'
import { monthlyCents, type PlanRow } from './plans.service.js'

/** The store's months are São Paulo's (UTC−3 all year since 2019), as the sales dashboard's. */
const SP_OFFSET_MS = 3 * 60 * 60 * 1000
export const FIGURE_MONTHS = 6

type Row = Pick<
  SubscriptionRow,
  'planId' | 'status' | 'priceCents' | 'firstPaidAt' | 'cancelledAt' | 'endedAt'
>

/** The first instant of the São Paulo month `shift` months after the one holding `at`. */
function monthStart(at: Date, shift = 0): Date {
  const local = new Date(at.getTime() - SP_OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + shift, 1) + SP_OFFSET_MS)
}

const monthName = (start: Date) =>
  new Date(start.getTime() - SP_OFFSET_MS).toISOString().slice(0, 7)
const before = (d: Date | null, t: Date) => d !== null && d < t

/**
 * Paying at instant `t`: first paid before it, not cancelled nor ended by then. The past is
 * read from those dates (a pause leaves none, so a month already closed counts a paused
 * subscription until it ends); now, it is the state itself: active or late, never paused.
 */
function payingAt(row: Row, t: Date, now: Date): boolean {
  if (t >= now) return row.status === 'ativa' || row.status === 'em_atraso'
  return before(row.firstPaidAt, t) && !before(row.cancelledAt, t) && !before(row.endedAt, t)
}

/**
 * The clube's figures (admin 'Clube' tab and sales dashboard): monthly recurring revenue (a
 * yearly plan counts its price over 12), first payments and cancellations per month, and churn
 * (cancelled in the month over those paying at its start). Each subscription counts at what
 * its next cycle charges now: past price changes are not replayed.
 */
export function clubeFigures(rows: Row[], plans: PlanRow[], now: Date): ClubeFigures {
  const intervalOf = (planId: number) => plans.find((p) => p.id === planId)?.interval ?? 'month'
  const mrrAt = (t: Date) =>
    rows
      .filter((r) => payingAt(r, t, now))
      .reduce(
        (sum, r) =>
          sum + monthlyCents({ priceCents: r.priceCents, interval: intervalOf(r.planId) }),
        0,
      )
  const months: ClubeMonth[] = []
  for (let shift = 1 - FIGURE_MONTHS; shift <= 0; shift++) {
    const start = monthStart(now, shift)
    const next = monthStart(now, shift + 1)
    const end = next < now ? next : now
    const within = (d: Date | null) => d !== null && d >= start && d < end
    const atStart = rows.filter((r) => payingAt(r, start, now)).length
    const cancelled = rows.filter((r) => within(r.cancelledAt)).length
    months.push({
      month: monthName(start),
      mrr: centsToDecimal(mrrAt(end)),
      newSubscriptions: rows.filter((r) => within(r.firstPaidAt)).length,
      cancelled,
      churnPercent: atStart ? Math.round((cancelled / atStart) * 1000) / 10 : 0,
    })
  }
  const current = months.at(-1)!
  return {
    mrr: current.mrr,
    active: rows.filter((r) => payingAt(r, now, now)).length,
    newThisMonth: current.newSubscriptions,
    cancelledThisMonth: current.cancelled,
    churnPercent: current.churnPercent,
    months,
  }
}
