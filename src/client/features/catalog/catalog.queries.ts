import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CatalogCategories, CatalogPage } from '../../../contracts/catalog'
import type { Product } from '../../../contracts/products'
import { apiJson } from '../../lib/api'

/** Every view of the store's products starts with 'products': a product write refreshes them all. */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  bestsellers: () => [...productKeys.all, 'bestsellers'] as const,
  related: (cartProductIds: number[]) =>
    [...productKeys.all, 'related', { cartProductIds }] as const,
  detail: (id: number) => [...productKeys.all, id] as const,
  catalogPage: (search: CatalogSearch, page: number) =>
    [...productKeys.all, 'catalog', search.q, search.category ?? '', page] as const,
  categories: () => [...productKeys.all, 'categories'] as const,
}

/** What the home page's grid shows: its address (`/?q=…&categoria=…`) says it. */
export interface CatalogSearch {
  q: string
  category?: string
}

/** One page of light cards from the server, which searches and filters (decision 021). */
export const catalogPageQuery = (search: CatalogSearch, page: number) =>
  queryOptions({
    queryKey: productKeys.catalogPage(search, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) })
      if (search.q) params.set('q', search.q)
      if (search.category) params.set('category', search.category)
      return apiJson<CatalogPage>(`/api/catalog?${params}`, { signal })
    },
    // While the next search's first page loads, the last results stay on screen.
    placeholderData: page === 1 ? keepPreviousData : undefined,
  })

export const categoriesQuery = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) => apiJson<CatalogCategories>('/api/catalog/categories', { signal }),
  })

export const bestsellersQuery = () =>
  queryOptions({
    queryKey: productKeys.bestsellers(),
    queryFn: ({ signal }) => apiJson<Product[]>('/api/products/bestsellers', { signal }),
  })
