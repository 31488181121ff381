import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import type { CatalogSearch } from '../../../contracts/catalog-search'
import { categoriesQuery } from './catalog.api'
import { CategoryChips } from './category-chips'

// The category chips over the home page's grid: what the first one says and where it leads.

function draw(partial: Partial<CatalogSearch>) {
  const search = { q: '', ...partial } as CatalogSearch
  const client = new QueryClient()
  client.setQueryData(categoriesQuery().queryKey, [
    { slug: 'matematica', label: 'Matemática', emoji: '🔢', count: 3 },
    { slug: 'portugues', label: 'Português', emoji: '📖', count: 2 },
  ] as never)
  return renderToString(
    createElement(
      Router,
      { ssrPath: '/' } as never,
      createElement(QueryClientProvider, { client }, createElement(CategoryChips, { search })),
    ),
  )
}
const first = (html: string) => /<a[^>]*data-testid="all-categories"[^>]*>([^<]*)<\/a>/.exec(html)!

describe('CategoryChips', () => {
  it("lights 'Todas' only while no category is chosen", () => {
    expect(first(draw({}))[0]).toContain('aria-current="page"')
    expect(first(draw({}))[1]).toBe('Todas')
    expect(first(draw({ category: 'matematica' }))[0]).not.toContain('aria-current')
  })

  it("says 'Todas as categorias' while filters narrow the list, and keeps them", () => {
    const chip = first(draw({ ano: '3', componente: 'MA' }))
    expect(chip[1]).toBe('Todas as categorias')
    expect(chip[0]).toContain('href="/?ano=3&amp;componente=MA"')
    expect(first(draw({ q: 'frações' }))[1]).toBe('Todas as categorias')
  })
})
