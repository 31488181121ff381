import { formatBRL, formatDecimalBRL } from '../../../contracts/money'

/** "19.90" or 19.9 -> "R$ 19,90". */
export function money(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return formatBRL(0)
  if (typeof value === 'number') return formatBRL(Math.round(value * 100))
  return formatDecimalBRL(value)
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date)
}
