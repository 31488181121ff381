/**
 * A guest's 'Favoritos', kept in this browser until she logs in (then merged into her account
 * and cleared). Read through useSyncExternalStore: every heart on the page redraws together,
 * and so do other tabs, through the storage event.
 */
const KEY = 'favoritos_visitante'
/** The server takes this many at a merge (contracts/favorites.ts FAVORITES_MERGE_MAX). */
const MAX = 200
const EMPTY: readonly number[] = []

let cached: { raw: string | null; ids: readonly number[] } | null = null
const listeners = new Set<() => void>()

function parse(raw: string | null): readonly number[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]')
    return Array.isArray(value)
      ? value.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, MAX)
      : EMPTY
  } catch {
    return EMPTY
  }
}

/** The same array while storage holds the same text (useSyncExternalStore needs that). */
export function guestFavorites(): readonly number[] {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    // Storage refused (a private window's quota): no hearts kept, none lost either.
  }
  if (cached?.raw !== raw) cached = { raw, ids: parse(raw) }
  return cached.ids
}

/** The server's snapshot and the first client render's: nobody's hearts. */
export const noFavorites = (): readonly number[] => EMPTY

function write(ids: readonly number[]) {
  try {
    if (ids.length) localStorage.setItem(KEY, JSON.stringify(ids.slice(0, MAX)))
    else localStorage.removeItem(KEY)
  } catch {
    // Full or refused: the heart stays as it was, which is what she sees next time.
  }
  for (const listener of listeners) listener()
}

/** Newest first, as the account's list is. */
export function toggleGuestFavorite(productId: number): void {
  const ids = guestFavorites()
  write(ids.includes(productId) ? ids.filter((id) => id !== productId) : [productId, ...ids])
}

export const clearGuestFavorites = () => write(EMPTY)

export function subscribeGuestFavorites(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
