import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { canvaLinks, orderItems, products, purchases } from '../../db/schema.js'
import type { OrderRow } from './place-order.js'

/**
 * What paying `order` grants, inside the paying transaction: one purchase per line with
 * `perPurchase × quantity` downloads, and a Canva link per purchase of a Canva product. The
 * unique order_item_id and purchase_id make a second grant for the same order a no-op.
 */
export async function grantPurchases(tx: Db, order: OrderRow, perPurchase: number) {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))
  const granted = await tx
    .insert(purchases)
    .values(
      lines.map((line) => ({
        orderId: order.id,
        orderItemId: line.id,
        userId: order.userId,
        customerEmail: order.customerEmail,
        productId: line.productId,
        maxDownloads: perPurchase * line.quantity,
      })),
    )
    .onConflictDoNothing({ target: purchases.orderItemId })
    .returning()
  await grantCanvaLinks(tx, order, granted)
  return granted
}

/** What a purchased Canva product hands over: its link, or one built from the template id. */
function canvaLinkOf(product: { externalLink: string | null; canvaTemplateId: string | null }) {
  if (product.externalLink) return product.externalLink
  const id = product.canvaTemplateId?.trim()
  if (!id) return null
  return /^https?:\/\//.test(id)
    ? id
    : `https://www.canva.com/design/${encodeURIComponent(id)}/view`
}

async function grantCanvaLinks(
  tx: Db,
  order: OrderRow,
  granted: (typeof purchases.$inferSelect)[],
): Promise<void> {
  if (granted.length === 0) return
  // Read from the products table itself: a product hidden since the sale still delivers.
  const delivery = await tx
    .select({
      id: products.id,
      externalLink: products.externalLink,
      canvaTemplateId: products.canvaTemplateId,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(granted.map((p) => p.productId))]))
  const links = granted.flatMap((purchase) => {
    const product = delivery.find((d) => d.id === purchase.productId)
    const linkUrl = product && canvaLinkOf(product)
    if (!product || !linkUrl) return []
    return [
      {
        productId: product.id,
        purchaseId: purchase.id,
        userId: order.userId,
        customerEmail: order.customerEmail,
        templateId: product.canvaTemplateId,
        linkUrl,
      },
    ]
  })
  if (links.length > 0) {
    await tx.insert(canvaLinks).values(links).onConflictDoNothing({ target: canvaLinks.purchaseId })
  }
}
