import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ImageQuery, Product } from '../../../contracts/products.js'
import { BESTSELLERS_LIMIT, RELATED_LIMIT } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import { orderItems, orders, productFiles, productImages, products } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { cached } from '../../lib/cached.js'
import { prepareJson, type PreparedBody } from '../../lib/http.js'
import type { FileStorage } from '../files/storage.js'
import { pickVariant } from '../files/images.js'
import { toProductView } from './product-view.js'

interface Snapshot {
  list: Product[]
  /** The list serialised once: GET /api/products is the store's hottest call. */
  listJson: PreparedBody
  byId: Map<number, Product>
  bestsellers: Product[]
  /** Image rows of active products by product id, for serving without a query. */
  images: Map<number, ImageRecord[]>
}

interface ImageRecord {
  position: number
  hash: string
  variants: Record<string, string>
}

const notFound = () => new AppError('not_found', 'Produto não encontrado')

export function createCatalogService(db: Db, storage: FileStorage) {
  const snapshot = cached(() => loadSnapshot(db), 5_000)

  async function imageRecord(productId: number, position: number): Promise<ImageRecord> {
    const fromSnapshot = (await snapshot.get()).images.get(productId)
    let image = fromSnapshot?.find((i) => i.position === position)
    if (!image && !fromSnapshot) {
      // Inactive products keep their images for the admin screens and past buyers.
      const [row] = await db
        .select({
          position: productImages.position,
          hash: productImages.hash,
          variants: productImages.variants,
        })
        .from(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.position, position)))
      image = row
    }
    if (!image) throw new AppError('not_found', 'Imagem não encontrada')
    return image
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
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>

async function loadSnapshot(db: Db): Promise<Snapshot> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.isActive, true), isNull(products.deletedAt)))
    .orderBy(desc(products.createdAt), desc(products.id))
  const ids = rows.map((r) => r.id)
  const [imageRows, fileRows, salesRows] = ids.length
    ? await Promise.all([
        db.select().from(productImages).where(inArray(productImages.productId, ids)),
        db
          .select({
            productId: productFiles.productId,
            position: productFiles.position,
            fileName: productFiles.fileName,
            mimeType: productFiles.mimeType,
            sizeBytes: productFiles.sizeBytes,
          })
          .from(productFiles)
          .where(inArray(productFiles.productId, ids)),
        db
          .select({
            productId: orderItems.productId,
            sold: sql<number>`sum(${orderItems.quantity})::int`,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orders.status, 'paid'))
          .groupBy(orderItems.productId),
      ])
    : [[], [], []]

  const images = groupBy(imageRows, (r) => r.productId)
  const files = groupBy(fileRows, (r) => r.productId)
  const list = rows.map((row) =>
    toProductView(row, images.get(row.id) ?? [], files.get(row.id) ?? []),
  )
  const sold = new Map(salesRows.map((r) => [r.productId, r.sold]))
  // Sorting is stable and `list` is newest first, so equal sales keep the newest first.
  const bestsellers = [...list]
    .sort((a, b) => (sold.get(b.id) ?? 0) - (sold.get(a.id) ?? 0))
    .slice(0, BESTSELLERS_LIMIT)
  return {
    list,
    listJson: prepareJson(list),
    byId: new Map(list.map((p) => [p.id, p])),
    bestsellers,
    images,
  }
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}
