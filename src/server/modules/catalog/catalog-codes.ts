import type { CatalogPage } from '../../../contracts/catalog.js'
import type { catalogSearches } from './catalog-searches.js'
import { withRating } from './catalog-searches.js'
import type { CatalogView, createCatalogSnapshot } from './catalog-snapshot.js'

// The BNCC codes the materials on sale teach: counted once per catalogue version, for the
// codes' index, the sitemap and each code's page.

export function catalogCodes(
  snapshot: ReturnType<typeof createCatalogSnapshot>,
  filteredOf: ReturnType<typeof catalogSearches>['filteredOf'],
) {
  /** Materials on sale per code they teach, counted once per catalogue version. */
  const perCode = new WeakMap<CatalogView, Map<string, number>>()
  async function materialsByCode(): Promise<ReadonlyMap<string, number>> {
    const view = await snapshot.get()
    let counts = perCode.get(view)
    if (!counts) {
      counts = new Map()
      for (const product of view.list) {
        for (const code of new Set(product.bncc)) counts.set(code, (counts.get(code) ?? 0) + 1)
      }
      perCode.set(view, counts)
    }
    return counts
  }

  /** The codes some material on sale teaches, sorted (the sitemap lists their pages). */
  async function taughtCodes(): Promise<string[]> {
    return [...(await materialsByCode()).keys()].sort()
  }

  return {
    taughtCodes,

    /** How many materials on sale teach each code some material teaches (the BNCC's index). */
    materialsByCode,

    /** The cards on sale that teach a code (its page), newest first, with their stars. */
    async teaching(code: string): Promise<CatalogPage['items']> {
      const view = await snapshot.get()
      return filteredOf(view, { q: '', page: 1, bncc: code }).cards.map((c) =>
        withRating(c.card, view.ratings),
      )
    },
  }
}
