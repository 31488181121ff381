import type { CheckoutDraftAnswer, CheckoutDraftBody, DraftItemsAnswer } from '../abandoned'
import { route } from '../api-route'

// The checkout's draft (kept only with the newsletter consent) and the reminder's restore link.
export const saveDraft = route<typeof CheckoutDraftAnswer, typeof CheckoutDraftBody>()(
  'POST',
  '/api/checkout/draft',
)
export const draftItems = route<typeof DraftItemsAnswer>()('GET', '/api/checkout/draft/:token')
