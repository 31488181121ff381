import { useMutation } from '@tanstack/react-query'
import * as newsletterRoutes from '../../../contracts/api-routes/newsletter.routes'
import { call } from '../../lib/api'

/** The footer's opt-in: the answer asks her to confirm in her inbox (double opt-in). */
export const useNewsletterSignup = () =>
  useMutation({
    mutationFn: (email: string) => call(newsletterRoutes.subscribe, { body: { email } }),
  })

const LINK_ROUTES = {
  confirm: newsletterRoutes.confirm,
  unsubscribe: newsletterRoutes.unsubscribe,
} as const

/**
 * The e-mails' links, by their token: 'confirm' is the double opt-in's second step,
 * 'unsubscribe' stops every newsletter at once (`newsletterId` names the one it came from).
 */
export const useNewsletterLink = (
  mode: keyof typeof LINK_ROUTES,
  token: string,
  newsletterId: string | null,
) =>
  useMutation({
    mutationFn: () =>
      call(LINK_ROUTES[mode], { query: { t: token, n: newsletterId ?? undefined } }),
  })
