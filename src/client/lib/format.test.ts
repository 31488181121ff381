import { describe, expect, it } from 'vitest'
import { formatPhoneBR } from './format'

describe('the one WhatsApp formatter', () => {
  it.each([
    ['5521987654321', '(21) 98765-4321'],
    ['21987654321', '(21) 98765-4321'],
    ['+55 (21) 98765-4321', '(21) 98765-4321'],
    ['552134567890', '(21) 3456-7890'],
    ['2134567890', '(21) 3456-7890'],
  ])('%s → %s', (raw, shown) => {
    expect(formatPhoneBR(raw)).toBe(shown)
  })

  it('shows anything else as typed', () => {
    expect(formatPhoneBR('12345')).toBe('12345')
    expect(formatPhoneBR('+351 912 345 678')).toBe('+351 912 345 678')
  })
})
