import { useEffect, useRef } from 'react'
import * as draftRoutes from '../../../contracts/api-routes/draft.routes'
import { call } from '../../lib/api'

/** Typing settles for this long before the draft is saved (one call, not one per letter). */
const QUIET_MS = 1500
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * A guest who ticked the newsletter box and typed her e-mail: the cart is kept as a draft, so
 * that if she leaves, one reminder can bring her items back. Unticking deletes it. Nothing is
 * kept without the box ticked; failures are silent (the checkout never depends on it).
 */
export function useCheckoutDraft(
  email: string,
  consent: boolean,
  items: Array<{ productId: number; quantity: number }>,
) {
  const saved = useRef(false)
  const key = items.map((i) => `${i.productId}x${i.quantity}`).join(',')
  useEffect(() => {
    const address = email.trim()
    if (!LOOKS_LIKE_EMAIL.test(address) || items.length === 0) return
    if (!consent && !saved.current) return
    const timer = setTimeout(() => {
      saved.current = consent
      call(draftRoutes.saveDraft, {
        body: {
          email: address,
          items: items.map(({ productId, quantity }) => ({ productId, quantity })),
          consent,
        },
      }).catch(() => {})
    }, QUIET_MS)
    return () => clearTimeout(timer)
    // `key` stands for the items: a new array each render, the same cart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [email, consent, key])
}
