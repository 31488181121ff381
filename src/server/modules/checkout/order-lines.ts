import { MAX_CART_QUANTITY } from '../../../contracts/cart.js'
import { MAX_DB_INT } from '../../../contracts/limits.js'
import { EMPTY_CART_MESSAGE, type CheckoutItem } from '../../../contracts/checkout.js'
import { decimalToCents } from '../../../contracts/money.js'
import { AppError } from '../../errors.js'
import type { CartOwner } from '../../http/cart-session.js'
import type { CartService } from '../cart/cart.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { NewOrderLine } from '../orders/orders.service.js'

/** A line of products bought (a clube plan's line is the subscriptions module's). */
export type PricedLine = Required<NewOrderLine> & { productId: number }

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

/** The catalogue's product on sale, or 400 for the whole order. */
async function onSale(catalog: CatalogService, productId: number) {
  return catalog.getActive(productId).catch((error: unknown) => {
    // Only a product off sale; a database that cannot be read is not the buyer's problem.
    if (!(error instanceof AppError && error.code === 'not_found')) throw error
    throw new AppError('bad_request', 'Um dos produtos não está mais disponível')
  })
}

/**
 * Each product once, at the catalogue's price (the database's, never the client's), with its
 * name as sold. An item marked `bumpFor` is one unit at the offer price that product gives it,
 * only when that product is in the same order as a plain line; otherwise (no parent, or no
 * such offer) it is an ordinary line at its normal price. A product off sale refuses the order.
 */
export async function priceItems(
  items: CheckoutItem[],
  catalog: CatalogService,
): Promise<{ lines: PricedLine[]; totalCents: number }> {
  const quantities = new Map<number, number>()
  const bumps = new Map<number, number>()
  for (const item of items) {
    if (item.bumpFor !== undefined) {
      if (!bumps.has(item.productId)) bumps.set(item.productId, item.bumpFor)
      continue
    }
    const sum = (quantities.get(item.productId) ?? 0) + item.quantity
    quantities.set(item.productId, Math.min(sum, MAX_CART_QUANTITY))
  }
  // Bought plainly too: the plain line is what is bought (one purchase per product).
  for (const productId of quantities.keys()) bumps.delete(productId)
  const plain = await Promise.all(
    [...quantities].map(async ([productId, quantity]): Promise<PricedLine> => {
      const product = await onSale(catalog, productId)
      return {
        productId,
        productName: product.name,
        unitPriceCents: decimalToCents(product.price) ?? 0,
        quantity,
        // A kit's contents as sold now: paying grants each of them (purchases).
        bundleProductIds: product.bundleProductIds,
        bumpFor: null,
        planId: null,
      }
    }),
  )
  const taken = await Promise.all(
    [...bumps].map(async ([productId, forProductId]): Promise<PricedLine> => {
      const product = await onSale(catalog, productId)
      const parent = quantities.has(forProductId) ? await onSale(catalog, forProductId) : null
      const offer = parent?.orderBumps.find((b) => b.productId === productId)
      const offerCents = offer ? decimalToCents(offer.offerPrice) : null
      return {
        productId,
        productName: product.name,
        unitPriceCents: offerCents ?? decimalToCents(product.price) ?? 0,
        quantity: 1,
        bundleProductIds: product.bundleProductIds,
        bumpFor: offerCents === null ? null : forProductId,
        planId: null,
      }
    }),
  )
  const lines = [...plain, ...taken]
  const totalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  // Each price fits the database, but 99 of several may not: refused rather than a 500.
  if (totalCents > MAX_DB_INT) {
    throw new AppError(
      'bad_request',
      'O valor do pedido passa do máximo aceito: divida a compra em mais pedidos',
    )
  }
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
