import type { ContactAnswer, ContactRequestBody } from '../contact'
import type { PublicSettings } from '../settings'
import type { SecurityStatus } from '../system'
import { route } from '../api-route'

// What every page asks of the store itself: its public settings and its security badge.
export const publicSettings = route<typeof PublicSettings>()('GET', '/api/settings/public')
export const securityStatus = route<typeof SecurityStatus>()('GET', '/api/security/status')
/** 'Fale conosco': answered at once with a protocol number. */
export const contact = route<typeof ContactAnswer, typeof ContactRequestBody>()(
  'POST',
  '/api/contact',
)
