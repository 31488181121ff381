import type { CartItem } from '../../../contracts/cart'

/** The last cart the server answered, shown when the next fetch fails (SPEC.md section 8). */
const SAVED_CART_KEY = 'cart_items_backup'

export function saveCartLocally(items: CartItem[]): void {
  try {
    localStorage.setItem(SAVED_CART_KEY, JSON.stringify(items))
  } catch {
    // Storage full or refused: the fallback is a nicety, the server cart is the truth.
  }
}

export function loadSavedCart(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SAVED_CART_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : []
  } catch {
    return []
  }
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false
  const item = value as Partial<CartItem>
  return (
    typeof item.id === 'number' &&
    typeof item.quantity === 'number' &&
    typeof item.product?.price === 'string' &&
    typeof item.product.name === 'string'
  )
}
