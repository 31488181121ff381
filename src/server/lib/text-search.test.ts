import { describe, expect, it } from 'vitest'
import { termsOf, wordsOf } from './text-search.js'

describe('wordsOf', () => {
  it('folds accents and case, and reads ordinals as letters', () => {
    expect(wordsOf('Frações: JOGO-da-Memória!')).toEqual(['fracoes', 'jogo', 'da', 'memoria'])
  })

  it('makes a school year one word, however it is written', () => {
    for (const year of [
      '4º ano',
      '4o ano',
      '4 ano',
      'quarto ano',
      '4° ano',
      '4º anos',
      'Quarto Ano',
    ])
      expect(wordsOf(`jogo ${year}`), year).toEqual(['jogo', 'ano4'])
    for (const serie of ['1ª série', '1a serie', 'primeira série'])
      expect(wordsOf(serie), serie).toEqual(['serie1'])
    expect(wordsOf('nono ano')).toEqual(['ano9'])
  })

  it('leaves ages and other numbers alone', () => {
    expect(wordsOf('crianças de 5 anos')).toEqual(['criancas', 'de', '5', 'anos'])
    expect(wordsOf('12 ano')).toEqual(['12', 'ano'])
    expect(wordsOf('EF03MA09')).toEqual(['ef03ma09'])
  })
})

describe('termsOf', () => {
  const stem = (word: string) => [termsOf(word)].flat()[0]

  it('drops stop words and keeps codes and years as they are', () => {
    expect(termsOf('de')).toBeNull()
    expect(termsOf('para')).toBeNull()
    expect(termsOf('ef03ma09')).toBe('ef03ma09')
    expect(termsOf('ano4')).toBe('ano4')
  })

  it('gives plurals and singulars one stem, the nasal plurals included', () => {
    const pairs = [
      ['atividades', 'atividade'],
      ['fracoes', 'fracao'],
      ['animais', 'animal'],
      ['sequencias', 'sequencia'],
      ['cartazes', 'cartaz'],
      ['avaliacoes', 'avaliacao'],
    ]
    for (const [plural, singular] of pairs) expect(stem(plural!), plural).toBe(stem(singular!))
  })

  it('keeps the word as written beside its stem', () => {
    expect(termsOf('psicomotricidade')).toEqual([stem('psicomotricidade'), 'psicomotricidade'])
  })
})
