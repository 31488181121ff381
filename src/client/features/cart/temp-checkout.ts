import * as productRoutes from '../../../contracts/api-routes/product.routes'
import type { CartItem } from '../../../contracts/cart'
import type { Product } from '../../../contracts/products'
import { path } from '../../lib/api'

/** localStorage key the buy-now flow hands to /checkout?instant=true (SPEC.md section 3). */
export const TEMP_CHECKOUT_KEY = 'tempCheckoutItem'

export function saveTempCheckoutItem(product: Product, quantity: number): void {
  const item: CartItem = {
    id: Date.now(),
    productId: product.id,
    quantity,
    sessionId: 'temp-checkout',
    userId: null,
    createdAt: new Date().toISOString(),
    product: {
      id: product.id,
      name: product.name || 'Produto',
      price: product.price || '0.00',
      category: product.category || '',
      description: product.description || '',
      imageUrl: product.imageUrl || path(productRoutes.image, { id: product.id }),
    },
  }
  try {
    localStorage.setItem(TEMP_CHECKOUT_KEY, JSON.stringify(item))
  } catch {
    // Storage refused: checkout still has the server cart.
  }
}

/** The buy-now item, if a valid one was saved. */
export function readTempCheckoutItem(): CartItem | null {
  try {
    const item = JSON.parse(localStorage.getItem(TEMP_CHECKOUT_KEY) ?? 'null') as CartItem | null
    if (!item || typeof item.productId !== 'number' || !(item.quantity >= 1)) return null
    return item
  } catch {
    return null
  }
}

export function clearTempCheckoutItem(): void {
  try {
    localStorage.removeItem(TEMP_CHECKOUT_KEY)
  } catch {
    // Nothing to clear.
  }
}

/** An order was seen paid: a buy-now item it paid for must never invite a second payment. */
export function forgetPaidTempItem(productIds?: number[]): void {
  const item = readTempCheckoutItem()
  if (item && (!productIds || productIds.includes(item.productId))) clearTempCheckoutItem()
}
