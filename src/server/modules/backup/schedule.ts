/**
 * The store's clock for backups: its days and hours are America/Sao_Paulo's, whatever the
 * server's time zone; retention counts days and ISO weeks of that calendar.
 */
export const STORE_TIME_ZONE = 'America/Sao_Paulo'

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
})

/** The store's calendar day (`2026-11-27`) and hour (0–23) at `at`. */
export function localTime(at: Date): { date: string; hour: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]))
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) }
}

/** The ISO week (`2026-W48`) of a calendar day `YYYY-MM-DD`. */
export function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  const weekday = day.getUTCDay() || 7
  // The week belongs to the year of its Thursday.
  day.setUTCDate(day.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/** The nightly run's period: one per store day and hour slot (a changed hour runs again). */
export const nightlyPeriod = (at: Date, hour: number) => `${localTime(at).date}@${hour}`

/**
 * The first whole hour from `at` on whose store hour is `hour` and whose period `isDone` does
 * not report done: today's slot when it has not run yet (a server down at that hour catches up
 * at its next tick), else tomorrow's.
 */
export function nextSlot(at: Date, hour: number, isDone: (period: string) => boolean): Date {
  const { hour: nowHour } = localTime(at)
  if (nowHour >= hour && !isDone(nightlyPeriod(at, hour))) return at
  const start = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000)
  for (let i = 1; i <= 48; i++) {
    const candidate = new Date(start.getTime() + i * 3_600_000)
    if (localTime(candidate).hour === hour && !isDone(nightlyPeriod(candidate, hour))) {
      return candidate
    }
  }
  return new Date(start.getTime() + 24 * 3_600_000)
}

export interface RetainedCopy {
  name: string
  takenAt: Date
}

/**
 * Which verified copies retention deletes: it keeps the newest copy of each of the newest
 * `keepDaily` store days, then, among older copies, the newest of each of `keepWeekly` ISO
 * weeks. Everything else given here goes (the caller gives only verified copies).
 */
export function expiredCopies<T extends RetainedCopy>(
  copies: T[],
  keepDaily: number,
  keepWeekly: number,
): T[] {
  const newestFirst = [...copies].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())
  const kept = new Set<T>()
  const days = new Set<string>()
  let i = 0
  for (; i < newestFirst.length && days.size < keepDaily; i++) {
    const day = localTime(newestFirst[i]!.takenAt).date
    if (days.has(day)) continue
    days.add(day)
    kept.add(newestFirst[i]!)
  }
  const weeks = new Set<string>()
  for (; i < newestFirst.length && weeks.size < keepWeekly; i++) {
    const day = localTime(newestFirst[i]!.takenAt).date
    const week = isoWeek(day)
    if (days.has(day) || weeks.has(week)) continue
    weeks.add(week)
    kept.add(newestFirst[i]!)
  }
  return newestFirst.filter((copy) => !kept.has(copy))
}
