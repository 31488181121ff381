import type { CurrentUserAnswer, LogoutAnswer } from '../accounts'
import { route } from '../api-route'

// Who is asking, and logging out: every page's header needs these.
export const currentUser = route<typeof CurrentUserAnswer>()('GET', '/api/auth/user')
export const logout = route<typeof LogoutAnswer>()('POST', '/api/logout')
