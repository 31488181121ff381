import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { needsTags } from '../../../contracts/school.js'
import type { AdminProductLight } from '../../../contracts/admin.js'
import type { PurchaseFile } from '../../../contracts/customer.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { AdminProduct } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import { readEach, type ReadsOnce } from '../../lib/reads-once.js'
import type { BundleItem } from '../../../contracts/products.js'
import {
  productBumps,
  productBundleItems,
  productFiles,
  productImages,
  products,
} from './products.tables.js'
import { coverUrl, toProductView } from './product-view.js'

/** What delivering a product needs to know of it, hidden and deleted products included. */
export type DeliveryProduct = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'name'
  | 'isFree'
  | 'isActive'
  | 'deletedAt'
  | 'externalLink'
  | 'canvaTemplateId'
  | 'stampPdf'
>
/** A stored file of a product; a download link's file index is its place in delivery order. */
export type DeliveryFile = Pick<
  typeof productFiles.$inferSelect,
  'fileName' | 'mimeType' | 'sizeBytes' | 'storageKey' | 'sha256'
>
/** An image as the image route serves it: its stored variants and its content hash. */
export interface ImageRecord {
  position: number
  hash: string
  variants: Record<string, string>
}
/** A bought product as the buyer's library shows it. */
export interface ProductSummary {
  id: number
  name: string
  description: string
  priceCents: number
  imageUrl: string
  externalLink: string | null
  files: PurchaseFile[]
  /** Its BNCC codes, as tagged ('Relatório de habilidades'). */
  bncc: string[]
}

/** Free to anyone right now: free, on sale and not deleted. */
export const isFreeNow = (p: DeliveryProduct | null) =>
  p !== null && p.isFree && p.isActive && p.deletedAt === null

const deliveryColumns = {
  id: products.id,
  name: products.name,
  isFree: products.isFree,
  isActive: products.isActive,
  deletedAt: products.deletedAt,
  externalLink: products.externalLink,
  canvaTemplateId: products.canvaTemplateId,
  stampPdf: products.stampPdf,
}

/** Every read of the product tables that other modules need, each answering plain values. */
export function createProductReads(db: Db) {
  /**
   * The contents of these kits, in the kit's order, each with its own name, price and cover
   * (inactive or deleted included products too: the kit still delivers them).
   */
  async function bundleItemsOf(bundleIds: number[]): Promise<Map<number, BundleItem[]>> {
    const rows = await db
      .select({
        bundleId: productBundleItems.bundleId,
        productId: products.id,
        name: products.name,
        priceCents: products.priceCents,
        coverHash: productImages.hash,
      })
      .from(productBundleItems)
      .innerJoin(products, eq(products.id, productBundleItems.productId))
      .leftJoin(
        productImages,
        and(eq(productImages.productId, products.id), eq(productImages.position, 0)),
      )
      .where(inArray(productBundleItems.bundleId, bundleIds))
      .orderBy(asc(productBundleItems.position))
    const byBundle = new Map<number, BundleItem[]>()
    for (const r of rows) {
      const item = {
        productId: r.productId,
        name: r.name,
        price: centsToDecimal(r.priceCents),
        imageUrl: coverUrl(r.productId, r.coverHash),
      }
      byBundle.set(r.bundleId, [...(byBundle.get(r.bundleId) ?? []), item])
    }
    return byBundle
  }

  /** Products not deleted (`where` narrows them), newest first, as the API shows them. */
  async function views(where: SQL | undefined) {
    const rows = await db
      .select()
      .from(products)
      .where(and(isNull(products.deletedAt), where))
      .orderBy(desc(products.createdAt), desc(products.id))
    if (!rows.length)
      return { list: [] as AdminProduct[], images: new Map<number, ImageRecord[]>() }
    const ids = rows.map((r) => r.id)
    const [imageRows, fileRows, bundles, bumpRows] = await Promise.all([
      db.select().from(productImages).where(inArray(productImages.productId, ids)),
      db.select().from(productFiles).where(inArray(productFiles.productId, ids)),
      bundleItemsOf(ids),
      db
        .select()
        .from(productBumps)
        .where(inArray(productBumps.productId, ids))
        .orderBy(asc(productBumps.position)),
    ])
    const images = groupBy(imageRows, (r) => r.productId)
    const files = groupBy(fileRows, (r) => r.productId)
    const bumps = groupBy(bumpRows, (r) => r.productId)
    const list = rows.map((row) =>
      toProductView(
        row,
        images.get(row.id) ?? [],
        files.get(row.id) ?? [],
        bundles.get(row.id),
        bumps.get(row.id),
      ),
    )
    return { list, images }
  }

  return {
    /**
     * How many products on sale lack a year, a component or a kind (the checklist's count).
     * Their three tag columns are read and judged by contracts' `needsTags`, the one definition
     * the admin's list uses too, rather than a second one written in SQL.
     */
    async untaggedOnSale(): Promise<number> {
      const rows = await db
        .select({ anos: products.anos, componentes: products.componentes, tipo: products.tipo })
        .from(products)
        .where(and(eq(products.isActive, true), isNull(products.deletedAt)))
      return rows.filter(needsTags).length
    },

    /** The administration's list: every product not deleted, inactive ones too. */
    listAll: async (): Promise<AdminProduct[]> => (await views(undefined)).list,

    async findView(id: number): Promise<AdminProduct | null> {
      return (await views(eq(products.id, id))).list[0] ?? null
    },

    /** Products on sale, newest first, with their image records (the catalogue's snapshot). */
    activeViews: () => views(eq(products.isActive, true)),

    /** Those of `ids` on sale, as `activeViews` gives them: the catalogue re-reads only these. */
    activeViewsOf: (ids: number[]) =>
      views(and(eq(products.isActive, true), inArray(products.id, ids))),

    /**
     * The products `ids` (those a write named), else those changed in the last `withinSeconds`
     * (every write of a product sets updated_at; on sale or not now), else all products on
     * sale (`withinSeconds` null), each with its
     * version: updated_at to the microsecond, as text (two writes in one millisecond differ).
     */
    async versions(
      withinSeconds: number | null,
      ids?: number[],
    ): Promise<Array<{ id: number; version: string; onSale: boolean }>> {
      const onSale = and(eq(products.isActive, true), isNull(products.deletedAt))
      return db
        .select({
          id: products.id,
          version: sql<string>`${products.updatedAt}::text`,
          onSale: sql<boolean>`coalesce(${onSale}, false)`,
        })
        .from(products)
        .where(
          ids
            ? inArray(products.id, ids)
            : withinSeconds === null
              ? onSale
              : sql`${products.updatedAt} > now() - make_interval(secs => ${withinSeconds})`,
        )
    },

    /** How many products are on sale (a product deleted outright leaves no updated_at behind). */
    async countOnSale(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.isActive, true), isNull(products.deletedAt)))
      return row?.n ?? 0
    },

    /** Every product on sale and when it last changed, for /sitemap.xml (read fresh each time). */
    async sitemapEntries(): Promise<Array<{ id: number; updatedAt: Date }>> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.isActive, true), isNull(products.deletedAt)))
        .orderBy(asc(products.id))
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
        imageUrl: coverUrl(product.id, coverHash),
        createdAt: product.createdAt.toISOString(),
      }))
    },

    /** One image of any product (inactive ones keep theirs for the admin and past buyers). */
    async image(productId: number, position: number): Promise<ImageRecord | null> {
      const [row] = await db
        .select({
          position: productImages.position,
          hash: productImages.hash,
          variants: productImages.variants,
        })
        .from(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.position, position)))
      return row ?? null
    },

    /** Any product, hidden or deleted ones included: a buyer keeps what they paid for. */
    async delivery(id: number): Promise<DeliveryProduct | null> {
      const [row] = await db.select(deliveryColumns).from(products).where(eq(products.id, id))
      return row ?? null
    },

    /**
     * `tx`: inside a caller's transaction (PGlite would wait forever for a second query);
     * `once` shares the read among the steps of one payment.
     */
    async deliveries(
      ids: number[],
      tx: Db = db,
      once: ReadsOnce = readEach,
    ): Promise<DeliveryProduct[]> {
      if (!ids.length) return []
      const key = [...ids].sort((a, b) => a - b).join(',')
      return once(`deliveries of ${key}`, () =>
        tx.select(deliveryColumns).from(products).where(inArray(products.id, ids)),
      )
    },

    /** The product's files in delivery order. */
    async files(productId: number): Promise<DeliveryFile[]> {
      return db
        .select({
          fileName: productFiles.fileName,
          mimeType: productFiles.mimeType,
          sizeBytes: productFiles.sizeBytes,
          storageKey: productFiles.storageKey,
          sha256: productFiles.sha256,
        })
        .from(productFiles)
        .where(eq(productFiles.productId, productId))
        .orderBy(asc(productFiles.position))
    },

    /** The files of several products, each with its product (inside a caller's transaction). */
    async filesOf(productIds: number[], tx: Db = db) {
      if (!productIds.length) return []
      return tx
        .select({ productId: productFiles.productId, storageKey: productFiles.storageKey })
        .from(productFiles)
        .where(
          and(
            inArray(productFiles.productId, productIds),
            eq(productFiles.mimeType, 'application/pdf'),
          ),
        )
    },

    /** Bought products as the buyer's library shows them, by id (deleted ones included). */
    async summaries(ids: number[]): Promise<Map<number, ProductSummary>> {
      if (!ids.length) return new Map()
      const [rows, files, covers] = await Promise.all([
        db.select().from(products).where(inArray(products.id, ids)),
        db
          .select()
          .from(productFiles)
          .where(inArray(productFiles.productId, ids))
          .orderBy(asc(productFiles.position)),
        db
          .select({ productId: productImages.productId, hash: productImages.hash })
          .from(productImages)
          .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0))),
      ])
      const coverOf = new Map(covers.map((c) => [c.productId, c.hash]))
      const filesOf = groupBy(files, (f) => f.productId)
      return new Map(
        rows.map((p) => [
          p.id,
          {
            id: p.id,
            name: p.name,
            description: p.description,
            priceCents: p.priceCents,
            imageUrl: coverUrl(p.id, coverOf.get(p.id) ?? null),
            externalLink: p.externalLink,
            files: (filesOf.get(p.id) ?? []).map((f) => ({
              fileName: f.fileName,
              mimeType: f.mimeType,
              size: f.sizeBytes,
            })),
            bncc: p.bncc,
          },
        ]),
      )
    },

    /** Product names by id, for lists that only name what they point at. */
    async names(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map()
      const rows = await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, ids))
      return new Map(rows.map((r) => [r.id, r.name]))
    },
  }
}

export type ProductReads = ReturnType<typeof createProductReads>

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
