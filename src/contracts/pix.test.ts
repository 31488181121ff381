import { describe, expect, it } from 'vitest'
import { CITY_MAX, NAME_MAX, pixCutNotice, pixText } from './pix.js'

describe('the PIX recipient as the owner types it', () => {
  it('says nothing when the value fits as typed (accents and case aside)', () => {
    expect(pixCutNotice('Maria Educação', NAME_MAX)).toBeNull()
    expect(pixCutNotice('São Paulo', CITY_MAX)).toBeNull()
  })

  it('says a long name is cut, with the exact value the payer will see', () => {
    const notice = pixCutNotice('Materiais Pedagógicos da Professora Ana', NAME_MAX)
    expect(notice).toBe('O PIX aceita até 25 caracteres: o pagador verá "MATERIAIS PEDAGOGICOS DA"')
    expect(notice).toContain(pixText('Materiais Pedagógicos da Professora Ana', NAME_MAX))
  })

  it('says a long city is cut to 15', () => {
    expect(pixCutNotice('São José dos Campos', CITY_MAX)).toBe(
      'O PIX aceita até 15 caracteres: o pagador verá "SAO JOSE DOS CA"',
    )
  })
})
