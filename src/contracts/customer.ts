/** What a logged-in customer reads about their own purchases (SPEC.md sections 3 and 7). */
import { z } from 'zod'
import { BuyerInvoice } from './invoices.js'
import { OrderSummary } from './checkout.js'
import { OrderRefundInfo } from './refunds.js'

export const PurchaseFile = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
})
export type PurchaseFile = z.infer<typeof PurchaseFile>

/** GET /api/user/purchases, one per bought line; revoked (refunded) purchases are left out. */
export const CustomerPurchase = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  orderId: z.string(),
  product: z.object({
    name: z.string(),
    description: z.string(),
    /** Decimal string: "19.90". */
    price: z.string(),
    imageUrl: z.string(),
    externalLink: z.string().nullable(),
  }),
  downloadCount: z.number().int(),
  maxDownloads: z.number().int(),
  files: z.array(PurchaseFile),
  createdAt: z.string(),
})
export type CustomerPurchase = z.infer<typeof CustomerPurchase>

/** GET /api/user/orders, newest first, with the refund the buyer may ask or asked. */
export const CustomerOrder = OrderSummary.extend({
  refund: OrderRefundInfo,
  /** The order's nota fiscal once authorised (its PDF and XML); null otherwise. */
  invoice: BuyerInvoice.nullable().optional(),
})
export type CustomerOrder = z.infer<typeof CustomerOrder>

/**
 * The store's address that opens a bought Canva template: it checks the buyer's access at every
 * request, counts the opening and only then sends her on to Canva. `acesso` is an e-mailed
 * access token (the receipt's button), for a browser that holds no access yet.
 */
export const canvaOpenPath = (linkId: number, acesso?: string) =>
  `/canva/${linkId}${acesso ? `?acesso=${encodeURIComponent(acesso)}` : ''}`

/** GET /api/canva-links. */
export const CanvaLinkView = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  /** The store's address that opens it (`canvaOpenPath`), never Canva's own. */
  linkUrl: z.string(),
  usedAt: z.string().nullable(),
  product: z.object({ name: z.string() }).nullable(),
})
export type CanvaLinkView = z.infer<typeof CanvaLinkView>

/** Downloads still available over all purchases: sum of maxDownloads − downloadCount. */
export function remainingDownloads(
  purchases: Pick<CustomerPurchase, 'downloadCount' | 'maxDownloads'>[],
): number {
  return purchases.reduce((sum, p) => sum + Math.max(0, p.maxDownloads - p.downloadCount), 0)
}
