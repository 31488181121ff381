import type { ImageQuery, Product } from '../../../contracts/products.js'
import { BESTSELLERS_LIMIT, ProductList, RELATED_LIMIT } from '../../../contracts/products.js'
import { AppError } from '../../errors.js'
import { cached } from '../../lib/cached.js'
import { prepareJson, type PreparedBody } from '../../lib/http.js'
import type { FileStorage } from '../../files/storage.js'
import { makeShareImage, pickVariant, shareImageKey } from '../../files/images.js'
import { buffer as readAll } from 'node:stream/consumers'
import type { ImageRecord, ProductsService } from '../products/products.service.js'

interface Snapshot {
  list: Product[]
  /** The list serialised once, through the route's ProductList: the store's hottest call. */
  listJson: PreparedBody
  byId: Map<number, Product>
  bestsellers: Product[]
  /** Image rows of active products by product id, for serving without a query. */
  images: Map<number, ImageRecord[]>
}

const notFound = () => new AppError('not_found', 'Produto não encontrado')

/** Where the catalogue comes from: the products' reads, and units sold by product (orders). */
export interface CatalogSources {
  products: Pick<ProductsService, 'activeViews' | 'image'>
  unitsSold: () => Promise<Map<number, number>>
}

/** The storefront's catalogue: products on sale, held in memory and rebuilt after writes. */
export function createCatalogService(sources: CatalogSources, storage: FileStorage) {
  const snapshot = cached(() => loadSnapshot(sources), 5_000)

  async function imageRecord(productId: number, position: number): Promise<ImageRecord> {
    const fromSnapshot = (await snapshot.get()).images.get(productId)
    let image = fromSnapshot?.find((i) => i.position === position)
    // Inactive products keep their images for the admin screens and past buyers.
    if (!image && !fromSnapshot)
      image = (await sources.products.image(productId, position)) ?? undefined
    if (!image) throw new AppError('not_found', 'Imagem não encontrada')
    return image
  }

  // Covers stored before share pictures existed get theirs at the first request, made once.
  const makingShare = new Map<string, Promise<unknown>>()
  async function ensureShareImage(image: ImageRecord): Promise<string> {
    const key = shareImageKey(image.hash)
    if ((await storage.size(key)) !== null) return key
    let job = makingShare.get(image.hash)
    if (!job) {
      const source = image.variants.full ?? image.variants.card
      if (!source) throw new AppError('not_found', 'Imagem não encontrada')
      job = readAll(storage.read(source))
        .then((bytes) => makeShareImage(bytes))
        .then((jpeg) => storage.put(key, jpeg))
        .finally(() => makingShare.delete(image.hash))
      makingShare.set(image.hash, job)
    }
    await job
    return key
  }

  return {
    /** Drops the cached catalogue; product writes and payments call it. */
    invalidate: () => snapshot.invalidate(),

    async listActive(): Promise<Product[]> {
      return (await snapshot.get()).list
    },

    async listActiveJson(): Promise<PreparedBody> {
      return (await snapshot.get()).listJson
    },

    /** An active product; inactive, deleted and unknown ones are all simply "not found". */
    async getActive(id: number): Promise<Product> {
      const product = (await snapshot.get()).byId.get(id)
      if (!product) throw notFound()
      return product
    },

    async bestsellers(): Promise<Product[]> {
      return (await snapshot.get()).bestsellers
    },

    /** Products sharing a category with the cart come first; the cart's own are never suggested. */
    async related(cartProductIds: number[]): Promise<Product[]> {
      const { list, byId } = await snapshot.get()
      const inCart = new Set(cartProductIds)
      const categories = new Set(
        cartProductIds.map((id) => byId.get(id)?.category).filter((c) => c !== undefined),
      )
      const candidates = list.filter((p) => !inCart.has(p.id))
      const sameCategory = candidates.filter((p) => categories.has(p.category))
      const others = candidates.filter((p) => !categories.has(p.category))
      return [...sameCategory, ...others].slice(0, RELATED_LIMIT)
    },

    /** Which stored variant answers an image request, and its cache validator. */
    async image(
      productId: number,
      position: number,
      size: ImageQuery['size'],
      fallback: 'card' | 'full',
    ) {
      const image = await imageRecord(productId, position)
      const variant = pickVariant(size, fallback)
      const key = image.variants[variant] ?? image.variants.full
      if (!key) throw new AppError('not_found', 'Imagem não encontrada')
      const length = await storage.size(key)
      if (length === null) throw new AppError('not_found', 'Imagem não encontrada')
      return {
        etag: `"${image.hash}-${variant}"`,
        hash: image.hash,
        length,
        open: () => storage.read(key),
      }
    },

    /** The cover as a 1200×630 JPEG for link previews (made now if the cover predates them). */
    async shareImage(productId: number) {
      const image = await imageRecord(productId, 0)
      const key = await ensureShareImage(image)
      const length = await storage.size(key)
      if (length === null) throw new AppError('not_found', 'Imagem não encontrada')
      return {
        etag: `"${image.hash}-share"`,
        hash: image.hash,
        length,
        open: () => storage.read(key),
      }
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>

/** The snapshot: products on sale from the products module, ranked by the orders' sales. */
/**
 * A product as anyone may see it. A paid material's Canva link (or template id) IS the
 * material: it reaches only its buyers (customer area, guest look-up, download answers), never
 * the public catalogue. A free material may show its own.
 */
export function publicView(product: Product): Product {
  if (product.isFree) return product
  return { ...product, externalLink: null, canvaTemplateId: null }
}

async function loadSnapshot(sources: CatalogSources): Promise<Snapshot> {
  const [{ list: views, images }, sold] = await Promise.all([
    sources.products.activeViews(),
    sources.unitsSold(),
  ])
  // Everything the catalogue answers comes from here, so every public answer is a public view.
  const list = views.map(publicView)
  // Sorting is stable and `list` is newest first, so equal sales keep the newest first.
  const bestsellers = [...list]
    .sort((a, b) => (sold.get(b.id) ?? 0) - (sold.get(a.id) ?? 0))
    .slice(0, BESTSELLERS_LIMIT)
  return {
    list,
    listJson: prepareJson(ProductList, list),
    byId: new Map(list.map((p) => [p.id, p])),
    bestsellers,
    images,
  }
}
