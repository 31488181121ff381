import { useDeliveryPromise } from '../settings/delivery-promise'

/** What the checkout may promise about a PIX: the store's delivery promise, in its words. */
export function usePixPromise(): { line: string; short: string } {
  const promise = useDeliveryPromise()
  return { line: promise.checkoutLine, short: promise.checkoutShort }
}
