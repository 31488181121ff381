import type { CatalogCategories, CatalogPage } from '../../contracts/catalog'
import type { Product } from '../../contracts/products'

/** The data block the server writes into a page (src/server/modules/web/page-body.ts). */
const PAGE_DATA_ID = 'dados-da-pagina'

export interface PageData {
  product?: Product
  /** The home page's first cards and its categories, as GET /api/catalog would answer. */
  home?: { page: CatalogPage; categories: CatalogCategories }
}

/** What the server already sent with the page: read once, before the first render. */
export function readPageData(): PageData {
  const element = document.getElementById(PAGE_DATA_ID)
  if (!element?.textContent) return {}
  try {
    const data = JSON.parse(element.textContent) as PageData
    return data && typeof data === 'object' ? data : {}
  } catch {
    return {}
  }
}
