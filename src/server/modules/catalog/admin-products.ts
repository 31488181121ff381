import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import type { AdminProductLight } from '../../../contracts/admin.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Product } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import { productFiles, productImages, products } from '../../db/schema.js'
import { toProductView } from './product-view.js'

/**
 * The catalogue as the administration sees it: every product not deleted, inactive ones too,
 * newest first, read from the database (the snapshot holds active products only).
 */
export function createAdminCatalog(db: Db) {
  async function views(where: SQL | undefined): Promise<Product[]> {
    const rows = await db
      .select()
      .from(products)
      .where(and(isNull(products.deletedAt), where))
      .orderBy(desc(products.createdAt), desc(products.id))
    if (!rows.length) return []
    const ids = rows.map((r) => r.id)
    const [images, files] = await Promise.all([
      db.select().from(productImages).where(inArray(productImages.productId, ids)),
      db.select().from(productFiles).where(inArray(productFiles.productId, ids)),
    ])
    return rows.map((row) =>
      toProductView(
        row,
        images.filter((i) => i.productId === row.id),
        files.filter((f) => f.productId === row.id),
      ),
    )
  }

  return {
    list: () => views(undefined),

    async find(id: number): Promise<Product | null> {
      return (await views(eq(products.id, id)))[0] ?? null
    },

    /** The list screen's fields only, with the cover URL and nothing else joined. */
    async listLight(): Promise<AdminProductLight[]> {
      const rows = await db
        .select({ product: products, coverHash: productImages.hash })
        .from(products)
        .leftJoin(
          productImages,
          and(eq(productImages.productId, products.id), eq(productImages.position, 0)),
        )
        .where(isNull(products.deletedAt))
        .orderBy(desc(products.createdAt), desc(products.id))
      return rows.map(({ product, coverHash }) => ({
        id: product.id,
        name: product.name,
        price: centsToDecimal(product.priceCents),
        category: product.category,
        isActive: product.isActive,
        imageUrl: `/api/products/${product.id}/image?v=${coverHash ?? 'none'}`,
        createdAt: product.createdAt.toISOString(),
      }))
    },
  }
}

export type AdminCatalog = ReturnType<typeof createAdminCatalog>
