import { describe, expect, it } from 'vitest'
import { normaliseWhatsapp, sameWhatsapp } from './phone.js'

describe('WhatsApp numbers', () => {
  it.each([
    ['(11) 98765-4321', '5511987654321'],
    ['+55 11 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['011 98765 4321', '5511987654321'],
    ['(21) 3456-7890', '552134567890'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseWhatsapp(input)).toBe(expected)
  })

  it.each(['', '123', '98765-4321', '+1 415 555 0100', '55 05 98765 4321'])(
    'refuses %s',
    (input) => {
      expect(normaliseWhatsapp(input)).toBeNull()
    },
  )

  it('matches a number with and without the country code', () => {
    expect(sameWhatsapp('11987654321', '+55 (11) 98765-4321')).toBe(true)
    expect(sameWhatsapp('11987654321', '11987654322')).toBe(false)
  })
})
