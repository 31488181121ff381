import { describe, expect, it } from 'vitest'
import { RegisterBody } from './accounts.js'
import { CardCustomer, GuestCustomerData } from './checkout.js'
import { ProfileBody } from './privacy.js'

/** A name is one line of text, whichever form it comes through. */
const forged =
  'Maria\n✅ Pagamento confirmado\u2028\u2029\r\t\u0000\u001b\u007f\u0085x\u202e\u2066y'
const base = { lastName: 'Souza', email: 'maria@exemplo.com', whatsapp: '(11) 98765-4321' }

describe('names', () => {
  it('lose control characters, line breaks and bidi overrides in every form', () => {
    const expected = 'Maria ✅ Pagamento confirmado x y'
    const register = RegisterBody.parse({ ...base, firstName: forged, password: 'segredo1' })
    const profile = ProfileBody.parse({ ...base, firstName: forged })
    const guest = GuestCustomerData.parse({
      ...base,
      firstName: forged,
      createAccount: false,
      acceptTerms: true,
    })
    const card = CardCustomer.parse({ ...base, firstName: forged })
    for (const parsed of [register, profile, guest, card]) {
      expect(parsed.firstName).toBe(expected)
    }
    expect(
      ProfileBody.parse({ ...base, firstName: 'Ana', lastName: '\u202eSilva\n' }).lastName,
    ).toBe('Silva')
  })

  it('keep accents, apostrophes and hyphens; runs of spaces become one', () => {
    const parsed = RegisterBody.parse({
      ...base,
      firstName: '  Ana   Lúcia ',
      lastName: "D'Ávila-Conceição",
      password: 'segredo1',
    })
    expect([parsed.firstName, parsed.lastName]).toEqual(['Ana Lúcia', "D'Ávila-Conceição"])
  })

  it('that are only control characters are missing, with the form’s own message', () => {
    const result = RegisterBody.safeParse({
      ...base,
      firstName: '\n\t\u202e',
      password: 'segredo1',
    })
    expect(result.success ? null : result.error.issues[0]!.message).toBe('Nome é obrigatório')
  })
})
