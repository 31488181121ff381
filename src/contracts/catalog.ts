import { z } from 'zod'
import { CatalogFacets, CatalogFilterFields } from './catalog-filters.js'
import { CATALOG_QUERY_MAX } from './catalog-search.js'
import { findCategory } from './categories.js'
import { Product } from './products.js'
import { RatingSummary } from './reviews.js'

/** Cards per page of GET /api/catalog: two screens of a phone's two-column grid. */
export const CATALOG_PAGE_SIZE = 24

/** A product as a card shows it: no description, files, kits or bumps; stars when rated. */
export const CatalogCard = Product.pick({
  id: true,
  name: true,
  price: true,
  category: true,
  isFree: true,
  imageUrl: true,
  bncc: true,
  anos: true,
  componentes: true,
  tipo: true,
  tema: true,
}).extend({
  rating: RatingSummary.optional(),
  /** Its pages can be seen before buying ('Prévia disponível' on the card). */
  previewReady: z.boolean().optional(),
})
export type CatalogCard = z.infer<typeof CatalogCard>

/** GET /api/products/bestsellers: the products as every public API answers them, with stars. */
export const BestsellerList = z.array(Product.extend({ rating: RatingSummary.optional() }))
export type BestsellerList = z.infer<typeof BestsellerList>

/**
 * GET /api/catalog?q=&category=&page=&ano=&componente=&tipo=&tema=&preco=&bncc= (`categoria`
 * is the page's own word for the category).
 */
export const CatalogQuery = z.object({
  q: z
    .string()
    .max(CATALOG_QUERY_MAX, { error: `A busca pode ter no máximo ${CATALOG_QUERY_MAX} letras` })
    .default('')
    .transform((q) => q.trim()),
  category: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const category = findCategory(value)
      if (!category) {
        ctx.addIssue({ code: 'custom', message: 'Categoria desconhecida' })
        return z.NEVER
      }
      return category.slug
    }),
  page: z.coerce
    .number({ error: 'Página inválida' })
    .int({ error: 'Página inválida' })
    .min(1, { error: 'Página inválida' })
    .max(100_000, { error: 'Página inválida' })
    .default(1),
  ...CatalogFilterFields,
})
export type CatalogQuery = z.infer<typeof CatalogQuery>

export const CatalogPage = z.object({
  items: z.array(CatalogCard),
  /** Cards matching the query, all pages together. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The counts of each filter's options, given the search and the other filters. */
  facets: CatalogFacets,
})
export type CatalogPage = z.infer<typeof CatalogPage>

/** GET /api/catalog/categories: the categories that have products on sale, with how many. */
export const CatalogCategories = z.array(
  z.object({ slug: z.string(), label: z.string(), emoji: z.string(), count: z.number().int() }),
)
export type CatalogCategories = z.infer<typeof CatalogCategories>

/** GET /api/catalog/suggestions?q=: what the search box proposes as she types. */
export const CatalogSuggestionsQuery = CatalogQuery.pick({ q: true })

/** How many of each the box shows: few, on a phone's screen above the keyboard. */
export const SUGGESTED = { products: 4, skills: 3, filters: 3 }

export const CatalogSuggestions = z.object({
  /** Materials matching every word, best first. */
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Skills matching the words that some material on sale teaches (their pages list them). */
  skills: z.array(z.object({ code: z.string(), text: z.string() })),
  /** Years, components, kinds and themes named by the words, with the materials they show. */
  filters: z.array(
    z.object({
      facet: z.enum(['ano', 'componente', 'tipo', 'tema']),
      value: z.string(),
      label: z.string(),
      count: z.number().int(),
    }),
  ),
})
export type CatalogSuggestions = z.infer<typeof CatalogSuggestions>
