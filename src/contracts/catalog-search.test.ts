import { describe, expect, it } from 'vitest'
import { catalogAddress, catalogSearchOf, isNarrowed } from './catalog-search.js'

describe("the home page's address", () => {
  it('reads words, category and filters, and writes them back in one order', () => {
    const search = catalogSearchOf(
      '?componente=MA&q=frações&ano=3&tipo=jogo&bncc=ef03&preco=gratis',
    )
    expect(search).toEqual({
      q: 'frações',
      category: undefined,
      ano: '3',
      componente: 'MA',
      tipo: 'jogo',
      preco: 'gratis',
      bncc: 'EF03',
    })
    expect(catalogAddress(search)).toBe(
      '/?q=fra%C3%A7%C3%B5es&ano=3&componente=MA&tipo=jogo&preco=gratis&bncc=EF03',
    )
    expect(isNarrowed(search)).toBe(true)
  })

  it('drops a value it does not know: a link typed wrong still opens the store', () => {
    const search = catalogSearchOf('?ano=13&tipo=video&tema=datas-comemorativas&bncc=%27--')
    expect(search).toEqual({ q: '', category: undefined, tema: 'datas-comemorativas' })
    expect(catalogAddress(catalogSearchOf(''))).toBe('/')
    expect(isNarrowed(catalogSearchOf(''))).toBe(false)
  })
})
