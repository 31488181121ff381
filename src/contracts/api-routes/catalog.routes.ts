import type { BestsellerList, CatalogCategories, CatalogPage, CatalogSuggestions } from '../catalog'
import { route } from '../api-route'

// The home page's reads (its first load carries these; product.routes.ts holds the rest).

/** Query: page, q, category. */
export const catalog = route<typeof CatalogPage>()('GET', '/api/catalog')
export const categories = route<typeof CatalogCategories>()('GET', '/api/catalog/categories')
export const bestsellers = route<typeof BestsellerList>()('GET', '/api/products/bestsellers')
/** Query: q. What the search box proposes while she types (materials, skills, filters). */
export const suggestions = route<typeof CatalogSuggestions>()('GET', '/api/catalog/suggestions')
