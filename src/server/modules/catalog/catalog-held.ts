import type { Product } from '../../../contracts/products.js'
import { inSlices } from '../../lib/slices.js'
import type { ImageRecord, ProductsService } from '../products/products.service.js'
import type { createCatalogIndex } from './catalog-index.js'
import { entryOf, insertionPoint, newestFirst, type Entry } from './catalog-entries.js'

// The products the catalogue holds between refreshes, and how a refresh brings them up to
// date: only the products that changed, appeared or left are read again.

/** What a refresh keeps up to date; the maps are live (the views read them), `ordered` is replaced. */
export interface HeldProducts {
  entries: Map<number, Entry>
  index: ReturnType<typeof createCatalogIndex>
  /** Image rows of active products by product id, for serving without a query. */
  images: Map<number, ImageRecord[]>
  /** Products on sale by id, kept with `entries`. */
  byId: Map<number, Product>
  /** The entries newest first, kept in order as products change (no sort of all at a write). */
  ordered: Entry[]
}

/** Products re-read per query: a few hundred rows parse in well under a slice. */
const READ_BATCH = 250
/**
 * How far back a refresh looks for changed products. A write's updated_at is its transaction's
 * start, seen once it commits: product writes commit within seconds, an hour leaves room.
 */
const CHANGED_WITHIN_SECONDS = 3_600

/** The drawn preview pages of products with a PDF (previews module), by product id. */
export type PreviewsOf = (
  ids: number[],
) => Promise<Map<number, Pick<Product, 'previews' | 'previewStatus'>>>

/**
 * Only what changed is read again: the products written in the last hour are compared with
 * the versions held (a short list, not ten thousand rows at every write); a product deleted
 * outright is noticed by the count, and then every version is compared.
 */
export async function syncProducts(
  held: HeldProducts,
  products: Pick<ProductsService, 'versions' | 'countOnSale' | 'activeViewsOf'>,
  everything: boolean,
  named: number[] | null,
  previews?: PreviewsOf,
): Promise<void> {
  const { entries, index, images, byId } = held
  if (!everything && named?.length === 0) return
  const versions = everything
    ? await products.versions(null)
    : named
      ? await products.versions(null, named)
      : await products.versions(CHANGED_WITHIN_SECONDS)
  const changed = new Set<number>()
  const gone = new Set<number>()
  const versionOf = new Map<number, string>()
  for (const v of versions) {
    if (!v.onSale) gone.add(v.id)
    else if (entries.get(v.id)?.version !== v.version) {
      changed.add(v.id)
      versionOf.set(v.id, v.version)
    }
  }
  if (everything || named) {
    // Asked by id or in full: what is not in the answer is not on sale.
    const current = new Set(versions.map((v) => v.id))
    for (const id of named ?? entries.keys()) if (!current.has(id)) gone.add(id)
  } else {
    const known = [...entries.keys()].filter((id) => !gone.has(id)).length
    const added = [...changed].filter((id) => !entries.has(id)).length
    if (known + added !== (await products.countOnSale())) {
      return syncProducts(held, products, true, null, previews)
    }
  }
  // A kit shows its products' names and prices: it is re-read when one of them changes.
  const touched = new Set([...changed, ...gone])
  if (touched.size) {
    for (const [id, entry] of entries) {
      if (!gone.has(id) && entry.product.bundleProductIds.some((p) => touched.has(p))) {
        changed.add(id)
        if (!versionOf.has(id)) {
          versionOf.set(id, entry.version)
          // Owed a re-read until it has one: a refresh failing on the way leaves it differing
          // from its version, so the next refresh (which compares every version) reads it.
          entry.version = ''
        }
      }
    }
  }
  for (const id of gone) forget(held, id)
  const ids = [...changed]
  for (let i = 0; i < ids.length; i += READ_BATCH) {
    const batch = ids.slice(i, i + READ_BATCH)
    const read = await products.activeViewsOf(batch)
    const drawn = previews ? await previews(batch) : new Map()
    const found = new Set<number>()
    await inSlices(read.list, (view) => {
      const product = { ...view, ...drawn.get(view.id) }
      found.add(product.id)
      const entry = entryOf(product, versionOf.get(product.id) ?? '')
      entries.set(product.id, entry)
      index.put(entry.product)
      byId.set(product.id, entry.product)
      images.set(product.id, read.images.get(product.id) ?? [])
    })
    // Switched off between the two reads: gone now; the write's own signal follows anyway.
    for (const id of batch) if (!found.has(id)) forget(held, id)
  }
  if (everything) {
    held.ordered = [...entries.values()].sort(newestFirst)
  } else if (changed.size || gone.size) {
    const kept = held.ordered.filter((e) => !changed.has(e.product.id) && !gone.has(e.product.id))
    for (const id of changed) {
      const entry = entries.get(id)
      if (entry) kept.splice(insertionPoint(kept, entry), 0, entry)
    }
    held.ordered = kept
  }
}

/** A product no longer on sale leaves every structure held. */
function forget(held: HeldProducts, id: number) {
  const { entries, index, images, byId } = held
  entries.delete(id)
  index.remove(id)
  images.delete(id)
  byId.delete(id)
}
