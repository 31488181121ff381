import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicSettings, SettingKey } from '../../../contracts/settings'
import * as storeRoutes from '../../../contracts/api-routes/store.routes'
import { call } from '../../lib/api'

// Answered as an object; an older shape was a list of { key, value }, accepted too.
type Answer = PublicSettings | Array<{ key: string; value: string }> | null

function normalise(answer: Answer): PublicSettings {
  if (!answer) return {}
  if (!Array.isArray(answer)) return answer
  return Object.fromEntries(answer.map((s) => [s.key, s.value])) as PublicSettings
}

/** The store's settings as the public sees them; an admin write refreshes them by this key. */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
}

export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: async ({ signal }) => normalise(await call(storeRoutes.publicSettings, { signal })),
    staleTime: 5 * 60_000,
  })

/** One public setting, or `fallback` while loading, on error or when empty. */
export function usePublicSetting(key: SettingKey, fallback = ''): string {
  const { data } = useQuery(publicSettingsQuery())
  const value = data?.[key]
  return value && value.trim() ? value : fallback
}
