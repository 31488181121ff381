import type { PlanInterval } from '../../../contracts/subscriptions.js'

const DAY_MS = 24 * 60 * 60 * 1000
export const days = (n: number) => n * DAY_MS

/**
 * One interval after `from`, by the calendar: the 31st of January plus a month is the last day
 * of February, never the 3rd of March (a period never runs into the next month's).
 */
export function addInterval(from: Date, interval: PlanInterval, times = 1): Date {
  const d = new Date(from)
  const months = interval === 'year' ? 12 * times : times
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

/**
 * The period a cycle's payment opens: from the end of the one before (not from the payment's
 * date), or from now when that end is a whole interval behind (she came back long after).
 */
export function nextPeriod(
  previousEnd: Date | null,
  interval: PlanInterval,
  now: Date,
): { start: Date; end: Date } {
  if (previousEnd) {
    const end = addInterval(previousEnd, interval)
    if (end > now) return { start: previousEnd, end }
  }
  return { start: now, end: addInterval(now, interval) }
}
