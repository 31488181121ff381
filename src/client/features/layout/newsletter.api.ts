import { useMutation } from '@tanstack/react-query'
import * as newsletterRoutes from '../../../contracts/api-routes/newsletter.routes'
import { call } from '../../lib/api'

/** The footer's opt-in: the answer asks her to confirm in her inbox (double opt-in). */
export const useNewsletterSignup = () =>
  useMutation({
    mutationFn: (email: string) => call(newsletterRoutes.subscribe, { body: { email } }),
  })
