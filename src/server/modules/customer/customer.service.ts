import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { centsToDecimal } from '../../../contracts/money.js'
import type {
  CanvaLinkView,
  CustomerOrder,
  CustomerPurchase,
  PurchaseFile,
} from '../../../contracts/customer.js'
import type { Db } from '../../db/client.js'
import { summariseOrders } from '../checkout/order-lines.js'
import {
  canvaLinks,
  orders,
  productFiles,
  productImages,
  products,
  purchases,
} from '../../db/schema.js'

/**
 * A logged-in customer's own purchases, orders and template links. Everything is found by the
 * account's id only, never by e-mail: anyone may sign up with any address, so an e-mail match
 * alone must not reveal a guest's purchases (those are reached by e-mail plus WhatsApp: the
 * downloads module finds the orders and asks here by their ids).
 */
export function createCustomerService(db: Db) {
  return {
    purchasesOf: (userId: string) => purchasesWhere(db, eq(purchases.userId, userId)),

    /** A guest's purchases, once e-mail and WhatsApp have shown which orders are theirs. */
    purchasesOfOrders: async (orderIds: string[]) =>
      orderIds.length ? purchasesWhere(db, inArray(purchases.orderId, orderIds)) : [],

    ordersOf: (userId: string) => ordersWhere(db, eq(orders.userId, userId)),

    ordersByIds: async (orderIds: string[]) =>
      orderIds.length ? ordersWhere(db, inArray(orders.id, orderIds)) : [],

    canvaLinksOf: (userId: string) => canvaLinksWhere(db, eq(canvaLinks.userId, userId)),

    canvaLinksOfPurchases: async (purchaseIds: number[]) =>
      purchaseIds.length ? canvaLinksWhere(db, inArray(canvaLinks.purchaseId, purchaseIds)) : [],
  }
}

export type CustomerService = ReturnType<typeof createCustomerService>

async function purchasesWhere(db: Db, where: SQL): Promise<CustomerPurchase[]> {
  const rows = await db
    .select({ purchase: purchases, product: products })
    .from(purchases)
    .innerJoin(products, eq(products.id, purchases.productId))
    .innerJoin(orders, eq(orders.id, purchases.orderId))
    // A refunded or cancelled order's purchases stop at once (revokedAt, or the order's status).
    .where(and(where, isNull(purchases.revokedAt), eq(orders.status, 'paid')))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
  const productIds = [...new Set(rows.map((r) => r.product.id))]
  const [files, covers] = await Promise.all([filesOf(db, productIds), coversOf(db, productIds)])
  return rows.map(({ purchase, product }) => ({
    id: purchase.id,
    productId: product.id,
    orderId: purchase.orderId,
    product: {
      name: product.name,
      description: product.description,
      price: centsToDecimal(product.priceCents),
      imageUrl: `/api/products/${product.id}/image?v=${covers.get(product.id) ?? 'none'}`,
      externalLink: product.externalLink,
    },
    downloadCount: purchase.downloadCount,
    maxDownloads: purchase.maxDownloads,
    files: files.get(product.id) ?? [],
    createdAt: purchase.createdAt.toISOString(),
  }))
}

async function ordersWhere(db: Db, where: SQL): Promise<CustomerOrder[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt))
  return summariseOrders(db, rows)
}

async function canvaLinksWhere(db: Db, where: SQL): Promise<CanvaLinkView[]> {
  const rows = await db
    .select({ link: canvaLinks, productName: products.name })
    .from(canvaLinks)
    .leftJoin(products, eq(products.id, canvaLinks.productId))
    .where(where)
    .orderBy(desc(canvaLinks.createdAt))
  return rows.map(({ link, productName }) => ({
    id: link.id,
    productId: link.productId,
    linkUrl: link.linkUrl,
    usedAt: link.usedAt?.toISOString() ?? null,
    product: productName === null ? null : { name: productName },
  }))
}

async function filesOf(db: Db, productIds: number[]): Promise<Map<number, PurchaseFile[]>> {
  const byProduct = new Map<number, PurchaseFile[]>()
  if (!productIds.length) return byProduct
  const rows = await db
    .select()
    .from(productFiles)
    .where(inArray(productFiles.productId, productIds))
    .orderBy(asc(productFiles.position))
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? []
    list.push({ fileName: row.fileName, mimeType: row.mimeType, size: row.sizeBytes })
    byProduct.set(row.productId, list)
  }
  return byProduct
}

async function coversOf(db: Db, productIds: number[]): Promise<Map<number, string>> {
  if (!productIds.length) return new Map()
  const rows = await db
    .select({ productId: productImages.productId, hash: productImages.hash })
    .from(productImages)
    .where(and(inArray(productImages.productId, productIds), eq(productImages.position, 0)))
  return new Map(rows.map((r) => [r.productId, r.hash]))
}
