import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as catalogRoutes from '../../../contracts/api-routes/catalog.routes'
import { catalogAddress, type CatalogSearch } from '../../../contracts/catalog-search'
import { call } from '../../lib/api'

/** Every view of the store's products starts with 'products': a product write refreshes them all. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  bestsellers: () => [...productKeys.all, 'bestsellers'] as const,
  related: (cartProductIds: number[]) =>
    [...productKeys.all, 'related', { cartProductIds }] as const,
  detail: (id: number) => [...productKeys.all, id] as const,
  catalogPage: (search: CatalogSearch, page: number) =>
    [...productKeys.all, 'catalog', catalogAddress(search), page] as const,
  categories: () => [...productKeys.all, 'categories'] as const,
  suggestions: (q: string) => [...productKeys.all, 'suggestions', q] as const,
}

export type { CatalogSearch }

/** One page of light cards from the server, which searches and filters (decision 021). */
export const catalogPageQuery = (search: CatalogSearch, page: number) =>
  queryOptions({
    queryKey: productKeys.catalogPage(search, page),
    queryFn: ({ signal }) => {
      const { q, category, ...filters } = search
      const query = { page, q: q || null, category: category || null, ...filters }
      return call(catalogRoutes.catalog, { query, signal })
    },
    // While the next search's first page loads, the last results stay on screen.
    placeholderData: page === 1 ? keepPreviousData : undefined,
  })

export const categoriesQuery = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => call(catalogRoutes.categories, { signal }),
  })

export const bestsellersQuery = () =>
  queryOptions({
    queryKey: productKeys.bestsellers(),
    queryFn: ({ signal }) => call(catalogRoutes.bestsellers, { signal }),
  })

/** What the search box proposes for the words typed so far (from two letters). */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: productKeys.suggestions(q),
    queryFn: ({ signal }) => call(catalogRoutes.suggestions, { query: { q }, signal }),
    enabled: q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
