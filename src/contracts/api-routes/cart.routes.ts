import type { CartItem } from '../cart'
import { route } from '../api-route'

// The visitor's cart (by session), read by every page's header; its changes are in
// cart-edit.routes.ts, out of the home page's first load.
export const items = route<CartItem[]>()('GET', '/api/cart')
