import { MAX_DB_INT } from './limits.js'

/**
 * Money is integer centavos everywhere inside the store; the API shows decimal strings ("19.90")
 * and screens show "R$ 19,90". These helpers are the only place that converts between them.
 */

/** 1990 -> "19.90" */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * An amount as people and the API write it -> centavos: "19.90" (the API), "19,90", "R$ 9,90",
 * "1.250,00" (Brazilian thousands), 19.9. Returns null for anything that is not a non-negative
 * amount with at most two decimals, so a typo never becomes a silently rounded price; the
 * ambiguous "1.250" and the English "1,250.00" are refused rather than guessed. Amounts past
 * what a centavos column holds (MAX_DB_INT) are refused too: every money input goes through here.
 */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : normaliseAmount(value)
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const reais = Number(match[1])
  const centavos = Number((match[2] ?? '').padEnd(2, '0'))
  const cents = reais * 100 + centavos
  return cents <= MAX_DB_INT ? cents : null
}

/** "R$ 1.250,00" -> "1250.00": the comma is the decimal mark, dots group thousands. */
function normaliseAmount(input: string): string {
  const text = input.replace(/^\s*R\$/i, '').replace(/\s/g, '')
  // With a comma, dots may only group thousands: "1.250,00", never "1,250.00".
  if (text.includes(',') && /^\d{1,3}(\.\d{3})*,\d*$|^\d+,\d*$/.test(text)) {
    return text.replace(/\./g, '').replace(',', '.')
  }
  return text
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** 1990 -> "R$ 19,90" (with the non-breaking space Intl puts after the symbol). */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100)
}

/** "19.90" -> "R$ 19,90"; what the screens use for prices that arrive from the API. */
export function formatDecimalBRL(decimal: string): string {
  return formatBRL(decimalToCents(decimal) ?? 0)
}
