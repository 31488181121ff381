import type { ProductsService } from '../products/products.service.js'
import type { RatingSummary } from '../../../contracts/reviews.js'
import { createCatalogIndex } from './catalog-index.js'
import { syncProducts, type HeldProducts, type PreviewsOf } from './catalog-held.js'
import { buildView, type CatalogView } from './catalog-view.js'
import type { BnccSkill } from '../../../contracts/bncc.js'
import type { Query } from 'minisearch'

export { publicView, type CardEntry } from './catalog-entries.js'
export type { CatalogView } from './catalog-view.js'

/**
 * Where the catalogue comes from: the products' reads, units sold by product (orders), and the
 * stars of approved reviews by product (reviews), read again with the sales.
 */
export interface CatalogSources {
  products: Pick<ProductsService, 'versions' | 'countOnSale' | 'activeViewsOf' | 'image'>
  unitsSold: () => Promise<Map<number, number>>
  ratings?: () => Promise<Map<number, RatingSummary>>
  /** The drawn preview pages of products with a PDF (previews module), by product id. */
  previews?: PreviewsOf
  /** The skills one word of a search names, with their scores (the BNCC's index). */
  skillScores?: (query: Query) => Map<string, number>
  /** The BNCC's skills matching some words (the search box's suggestions). */
  skillsMatching?: (words: string) => BnccSkill[]
}

/**
 * The catalogue kept in memory and refreshed on change, not on a timer (decision 021). A refresh
 * reads every active product's version (one light query), re-reads only those that changed,
 * appeared or left (and the kits that show them), and rebuilds the answers in slices between
 * event-loop turns. Readers during a refresh wait for it, so a write is seen by the next read.
 */
export function createCatalogSnapshot(sources: CatalogSources) {
  const held: HeldProducts = {
    entries: new Map(),
    index: createCatalogIndex(sources.skillScores ?? (() => new Map())),
    images: new Map(),
    byId: new Map(),
    ordered: [],
  }
  const { entries, index, images, byId } = held
  let sold = new Map<number, number>()
  let ratings = new Map<number, RatingSummary>()
  let view: CatalogView | null = null
  let running: Promise<CatalogView> | null = null
  let wantProducts = true
  let wantSales = true
  /** Every version compared next time, not only the last hour's (a start, a lost signal). */
  let wantEverything = true
  /** The products the writes since the last refresh named; null: a write that named none. */
  let wantIds: Set<number> | null = new Set()

  let generation = 0

  async function run(): Promise<CatalogView> {
    try {
      while (wantProducts || wantSales) {
        const products = wantProducts
        const sales = wantSales
        const everything = wantEverything
        const named = wantIds && [...wantIds]
        wantProducts = wantSales = wantEverything = false
        wantIds = new Set()
        try {
          if (products)
            await syncProducts(held, sources.products, everything, named, sources.previews)
          if (sales) {
            // A refund hides a review and is a sale's change too: both are read again together.
            ;[sold, ratings] = await Promise.all([
              sources.unitsSold(),
              sources.ratings ? sources.ratings() : Promise.resolve(ratings),
            ])
          }
        } catch (error) {
          // Not refreshed: the next reader tries again. The entries may be half updated and
          // `ordered` not yet rebuilt from them: every version is compared, the order rebuilt.
          wantProducts ||= products
          wantSales ||= sales
          wantEverything ||= products
          wantIds = null
          throw error
        }
        view = await buildView(held, sold, ratings, `${++generation}`)
      }
      return view!
    } finally {
      running = null
    }
  }

  function refresh(what: {
    products?: boolean
    /** The products changed, when the writer knows them. */
    ids?: number[]
    sales?: boolean
    everything?: boolean
  }): Promise<CatalogView> {
    wantEverything ||= what.everything ?? false
    if (what.products || what.everything) {
      if (what.ids && wantIds) for (const id of what.ids) wantIds.add(id)
      else wantIds = null
    }
    wantProducts ||= (what.products ?? false) || wantEverything
    wantSales ||= what.sales ?? false
    running ??= run()
    return running
  }

  return {
    /** The current view; while a refresh is under way (a write was just made), its result. */
    get(): Promise<CatalogView> {
      if (running) return running
      if (!view || wantProducts || wantSales) return refresh({})
      return Promise.resolve(view)
    },
    /**
     * Everything read again, versions or not: for writes made around the services (tests,
     * a fix by hand in the database that did not touch updated_at).
     */
    reloadAll() {
      entries.clear()
      index.clear()
      images.clear()
      byId.clear()
      held.ordered = []
      refresh({ everything: true, sales: true }).catch(() => {})
    },
    /** Something changed: the next read waits for the refresh, which starts now. */
    changed(what: { products?: boolean; ids?: number[]; sales?: boolean; everything?: boolean }) {
      refresh(what).catch(() => {
        // A failed refresh is tried again by the next reader, who sees its error.
      })
    },
  }
}
