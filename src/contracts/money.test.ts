import { describe, expect, it } from 'vitest'
import { centsToDecimal, decimalToCents, formatBRL } from './money.js'

describe('money', () => {
  it.each([
    [1990, '19.90'],
    [5, '0.05'],
    [0, '0.00'],
    [123456, '1234.56'],
  ])('shows %i centavos as %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text)
    expect(decimalToCents(text)).toBe(cents)
  })

  it.each([
    ['19,90', 1990],
    ['19.9', 1990],
    [19.9, 1990],
    ['7', 700],
    ['12,50', 1250],
    ['1.250,00', 125000],
    ['R$ 9,90', 990],
    ['R$\u00a01.234,56', 123456],
    [' 3,5 ', 350],
  ])('reads %s as %i centavos', (input, cents) => {
    expect(decimalToCents(input)).toBe(cents)
  })

  it.each(['-1', '1.999', 'abc', '', '1e3', '1,250.00', '12,5,0', '1.25,00', 'R$'])(
    'refuses %s instead of rounding it',
    (input) => {
      expect(decimalToCents(input)).toBeNull()
    },
  )

  it('formats reais the Brazilian way', () => {
    expect(formatBRL(1990).replace(/\s/g, ' ')).toBe('R$ 19,90')
    expect(formatBRL(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
  })
})
