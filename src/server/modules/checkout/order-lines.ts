import { MAX_CART_QUANTITY } from '../../../contracts/cart.js'
import { EMPTY_CART_MESSAGE, type CheckoutItem } from '../../../contracts/checkout.js'
import { decimalToCents } from '../../../contracts/money.js'
import { AppError } from '../../errors.js'
import type { CartOwner } from '../../http/cart-session.js'
import type { CartService } from '../cart/cart.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { NewOrderLine } from '../orders/orders.service.js'

export type PricedLine = Required<NewOrderLine>

/** The lines to buy: those the request names, else the caller's cart; none is 'Carrinho vazio'. */
export async function requestedItems(
  items: CheckoutItem[] | undefined,
  cart: CartService,
  owner: CartOwner,
): Promise<CheckoutItem[]> {
  const chosen = items?.length ? items : await cart.lines(owner)
  if (chosen.length === 0) throw new AppError('bad_request', EMPTY_CART_MESSAGE)
  return chosen
}

/**
 * Each product once, at the catalogue's price (the database's, never the client's), with its
 * name as sold. A product not on sale refuses the whole order.
 */
export async function priceItems(
  items: CheckoutItem[],
  catalog: CatalogService,
): Promise<{ lines: PricedLine[]; totalCents: number }> {
  const quantities = new Map<number, number>()
  for (const item of items) {
    const sum = (quantities.get(item.productId) ?? 0) + item.quantity
    quantities.set(item.productId, Math.min(sum, MAX_CART_QUANTITY))
  }
  const lines = await Promise.all(
    [...quantities].map(async ([productId, quantity]) => {
      const product = await catalog.getActive(productId).catch((error: unknown) => {
        // Only a product off sale; a database that cannot be read is not the buyer's problem.
        if (!(error instanceof AppError && error.code === 'not_found')) throw error
        throw new AppError('bad_request', 'Um dos produtos não está mais disponível')
      })
      return {
        productId,
        productName: product.name,
        unitPriceCents: decimalToCents(product.price) ?? 0,
        quantity,
        // A kit's contents as sold now: paying grants each of them (purchases).
        bundleProductIds: product.bundleProductIds,
      }
    }),
  )
  const totalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  if (totalCents <= 0) {
    throw new AppError('bad_request', 'Materiais gratuitos não precisam de pagamento: baixe direto')
  }
  return { lines, totalCents }
}

/** What a payer sees as the charge's description. */
export function describeLines(lines: PricedLine[]): string {
  return lines
    .map((l) => (l.quantity > 1 ? `${l.quantity}x ${l.productName}` : l.productName))
    .join(', ')
    .slice(0, 200)
}
