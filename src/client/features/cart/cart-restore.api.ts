import type { QueryClient } from '@tanstack/react-query'
import * as draftRoutes from '../../../contracts/api-routes/draft.routes'
import { call } from '../../lib/api'
import { addToCart } from './add-to-cart'
import { cartQuery } from './cart.api'

/**
 * The abandoned-checkout e-mail's link: the draft's items back into this browser's cart (the
 * store prices them, as always), one by one; a material no longer on sale is left out and the
 * others still go back. `stillWanted` is asked before each item (the page may have been left).
 */
export async function restoreDraftIntoCart(
  token: string,
  queryClient: QueryClient,
  stillWanted: () => boolean,
): Promise<void> {
  const { items } = await call(draftRoutes.draftItems, { params: { token } })
  for (const item of items) {
    if (!stillWanted()) return
    await addToCart(item).catch(() => undefined)
  }
  await queryClient.invalidateQueries({ queryKey: cartQuery().queryKey })
}
