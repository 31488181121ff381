import type { Product } from '../../../contracts/products'

/** localStorage key the buy-now flow hands to /checkout?instant=true (SPEC.md section 3). */
export const TEMP_CHECKOUT_KEY = 'tempCheckoutItem'

export function saveTempCheckoutItem(product: Product, quantity: number): void {
  const item = {
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
      imageUrl: product.imageUrl || `/api/products/${product.id}/image`,
    },
  }
  try {
    localStorage.setItem(TEMP_CHECKOUT_KEY, JSON.stringify(item))
  } catch {
    // Storage refused: checkout still has the server cart.
  }
}
