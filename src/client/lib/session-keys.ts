/**
 * Query keys of the session (who is logged in). In lib/, not in features/auth: the account
 * feature refreshes it after a profile change, and auth already imports account.
 */
export const sessionKeys = {
  all: ['auth'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
}
