import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import type { CatalogFacets } from '../../../contracts/catalog-filters'
import type { CatalogSearch } from '../../../contracts/catalog-search'
import { DropToSee } from './catalog-filters'

// 'Nenhum produto encontrado' offers to take off the filters that emptied the list.

const none: CatalogFacets = { ano: [], componente: [], tipo: [], tema: [], preco: [] }

function draw(search: CatalogSearch, facets: Partial<CatalogFacets>) {
  return renderToString(
    createElement(
      Router,
      { ssrPath: '/' } as never,
      createElement(DropToSee, { search, facets: { ...none, ...facets } }),
    ),
  )
}

describe('DropToSee', () => {
  it('offers each filter whose facet still counts materials for another option', () => {
    const html = draw(
      { q: '', ano: '3', tipo: 'jogo' },
      // Given the kind, other years show materials; given the year, no other kind does.
      { ano: [{ value: '4', label: '4º ano', count: 2 }], tipo: [] },
    )
    expect(html).toContain('Ver sem “3º ano”')
    expect(html).toContain('href="/?tipo=jogo"')
    expect(html).not.toContain('Jogo')
  })

  it('offers nothing when no filter would show anything, nor for a BNCC code', () => {
    expect(draw({ q: 'xilofone', ano: '3' }, { ano: [] })).toBe('')
    expect(draw({ q: '', bncc: 'EF03MA09' }, {})).toBe('')
  })
})
