/** What a logged-in customer reads about their own purchases (SPEC.md sections 3 and 7). */

export interface PurchaseFile {
  fileName: string
  mimeType: string
  size: number
}

/** GET /api/user/purchases, one per bought line; revoked (refunded) purchases are left out. */
export interface CustomerPurchase {
  id: number
  productId: number
  orderId: string
  product: {
    name: string
    description: string
    /** Decimal string: "19.90". */
    price: string
    imageUrl: string
    externalLink: string | null
  }
  downloadCount: number
  maxDownloads: number
  files: PurchaseFile[]
  createdAt: string
}

export interface CustomerOrderItem {
  productId: number
  productName: string
  quantity: number
  unitPrice: string
}

/** GET /api/user/orders, newest first. */
export interface CustomerOrder {
  id: string
  customerName: string
  customerEmail: string
  totalAmount: string
  status: 'pending' | 'paid' | 'cancelled' | 'refunded'
  paymentMethod: 'pix' | 'card'
  createdAt: string
  items: CustomerOrderItem[]
}

/** GET /api/canva-links. */
export interface CanvaLinkView {
  id: number
  productId: number | null
  linkUrl: string
  usedAt: string | null
  product: { name: string } | null
}

/** Downloads still available over all purchases: sum of maxDownloads − downloadCount. */
export function remainingDownloads(
  purchases: Pick<CustomerPurchase, 'downloadCount' | 'maxDownloads'>[],
): number {
  return purchases.reduce((sum, p) => sum + Math.max(0, p.maxDownloads - p.downloadCount), 0)
}
