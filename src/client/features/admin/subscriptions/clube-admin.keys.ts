import { adminKeys } from '../admin.queries'

/** The Clube tab's reads: a write to a plan or a subscription refreshes all of them. */
export const clubeAdminKeys = {
  all: [...adminKeys.all, 'clube'] as const,
  plans: () => [...clubeAdminKeys.all, 'plans'] as const,
  subscriptions: () => [...clubeAdminKeys.all, 'subscriptions'] as const,
  figures: () => [...clubeAdminKeys.all, 'figures'] as const,
}
