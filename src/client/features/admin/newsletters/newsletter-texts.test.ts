import { describe, expect, it } from 'vitest'
import { recipientsLine } from './newsletter-texts'

describe('the newsletter’s confirmation before sending', () => {
  it('says one subscriber in the singular, more in the plural, and none plainly', () => {
    expect(recipientsLine(1)).toBe(
      'Vai para 1 inscrito confirmado, aos poucos (o ritmo está em Configurações).',
    )
    expect(recipientsLine(2)).toBe(
      'Vai para 2 inscritos confirmados, aos poucos (o ritmo está em Configurações).',
    )
    expect(recipientsLine(0)).toBe('Ainda não há inscritos confirmados: ninguém vai recebê-la.')
  })
})
