import type {
  AdminNewsletter,
  NewsletterAnswer,
  NewsletterInput,
  NewsletterOverview,
  NewsletterPreview,
  NewsletterSendAnswer,
  NewsletterTestAnswer,
  SubscribeBody,
} from '../newsletter'
import { route } from '../api-route'

// Newsletters: the footer's opt-in, the e-mails' links (confirm, unsubscribe: query t, n), and
// the owner's 'Novidades' tab.
export const subscribe = route<typeof NewsletterAnswer, typeof SubscribeBody>()(
  'POST',
  '/api/newsletter/subscribe',
)
export const confirm = route<typeof NewsletterAnswer>()('POST', '/api/newsletter/confirm')
export const unsubscribe = route<typeof NewsletterAnswer>()('POST', '/api/newsletter/unsubscribe')
export const overview = route<typeof NewsletterOverview>()('GET', '/api/admin/newsletters')
export const create = route<typeof AdminNewsletter, typeof NewsletterInput>()(
  'POST',
  '/api/admin/newsletters',
)
export const update = route<typeof AdminNewsletter, typeof NewsletterInput>()(
  'PUT',
  '/api/admin/newsletters/:id',
)
export const preview = route<typeof NewsletterPreview>()(
  'GET',
  '/api/admin/newsletters/:id/preview',
)
export const test = route<typeof NewsletterTestAnswer>()('POST', '/api/admin/newsletters/:id/test')
export const send = route<typeof NewsletterSendAnswer>()('POST', '/api/admin/newsletters/:id/send')
