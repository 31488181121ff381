import { describe, expect, it } from 'vitest'
import { CATEGORIES } from './categories.js'
import { anosText, audienceLine, CATEGORY_SCHOOL_FIELDS, TEMAS } from './school.js'

describe('the years as a teacher says them', () => {
  it.each([
    [['3'], '3º ano'],
    [['1', '2', '3', '4', '5'], '1º ao 5º ano'],
    [['5', '3'], '3º e 5º ano'],
    [['3', '4'], '3º e 4º ano'],
    [['em-1', 'em-2', 'em-3'], '1ª à 3ª série'],
    [['ei-bebes', 'ei-bem-pequenas', 'ei-pequenas'], 'Educação Infantil'],
    [['ei-pequenas', '1'], 'Crianças pequenas, 1º ano'],
    [[], ''],
  ])('%j is %s', (anos, text) => {
    expect(anosText(anos)).toBe(text)
  })

  it("writes the product page's line, and none for a product that says nothing", () => {
    expect(audienceLine({ anos: ['3'], componentes: ['MA'], tipo: 'jogo', paginas: 12 })).toBe(
      'Para: 3º ano · Matemática · Jogo · 12 páginas',
    )
    expect(audienceLine({ anos: [], componentes: ['GE', 'HI'], tipo: null, paginas: 1 })).toBe(
      'Para: História, Geografia · 1 página',
    )
    expect(audienceLine({ anos: [], componentes: [], tipo: null, paginas: null })).toBeNull()
  })
})

describe('the old categories', () => {
  it('each says something in the new fields; what is no year, component or kind is a theme', () => {
    for (const { slug } of CATEGORIES) {
      const fields = CATEGORY_SCHOOL_FIELDS[slug]
      const said = fields.anos.length + fields.componentes.length + (fields.tipo ? 1 : 0)
      expect(said > 0 || fields.tema !== null, slug).toBe(true)
    }
    const themes = new Set(Object.values(CATEGORY_SCHOOL_FIELDS).map((f) => f.tema))
    expect(TEMAS.every((t) => themes.has(t.id))).toBe(true)
  })
})
