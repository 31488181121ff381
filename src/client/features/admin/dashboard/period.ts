import { STORE_TIME_ZONE } from '../../../../contracts/analytics'

export type PeriodPreset = 'hoje' | '7' | '30' | '90' | 'custom'

export const PRESETS: { id: PeriodPreset; label: string }[] = [
  { id: 'hoje', label: 'Hoje' },
  { id: '7', label: '7 dias' },
  { id: '30', label: '30 dias' },
  { id: '90', label: '90 dias' },
  { id: 'custom', label: 'Personalizado' },
]

export interface Period {
  from: string
  to: string
}

/** Today in the store's time zone (São Paulo), as YYYY-MM-DD: the dashboard's days are hers. */
export function storeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }).format(now)
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The last `n` days ending today ('hoje' is one day). */
export function presetPeriod(
  preset: Exclude<PeriodPreset, 'custom'>,
  today = storeToday(),
): Period {
  const days = preset === 'hoje' ? 1 : Number(preset)
  return { from: addDays(today, 1 - days), to: today }
}

/** '12/03' from '2026-03-12'. */
export const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** The change from `before` to `now` in %, or null when there was nothing before. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null
  return Math.round(((now - before) / before) * 1000) / 10
}
