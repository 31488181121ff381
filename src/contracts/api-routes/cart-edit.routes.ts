import type {
  AddToCartBody,
  CartItem,
  CartRemoveAnswer,
  CartUpdateAnswer,
  UpdateCartItemBody,
} from '../cart'
import type { CouponValidateAnswer, CouponValidateRequest } from '../coupons'
import { route } from '../api-route'

// Changes to the visitor's cart, and the coupon quote shown with it.

/** The emergency add of SPEC.md section 7 sends `forceAdd` and `timestamp` too. */
export const add = route<
  typeof CartItem,
  AddToCartBody & { forceAdd?: boolean; timestamp?: number }
>()('POST', '/api/cart')
export const update = route<typeof CartUpdateAnswer, typeof UpdateCartItemBody>()(
  'PUT',
  '/api/cart/:id',
)
export const remove = route<typeof CartRemoveAnswer>()('DELETE', '/api/cart/:id')
export const clear = route<typeof CartRemoveAnswer>()('DELETE', '/api/cart')
export const validateCoupon = route<typeof CouponValidateAnswer, typeof CouponValidateRequest>()(
  'POST',
  '/api/coupons/validate',
)
