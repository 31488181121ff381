/**
 * A value loaded on demand and kept for `ttlMs`. Concurrent readers share one load. Writes in
 * this process call `invalidate()`; other instances notice a change within the TTL (the
 * settings; the catalogue has a change signal instead, decision 021).
 */
export interface Cached<T> {
  get(): Promise<T>
  invalidate(): void
}

export function cached<T>(load: () => Promise<T>, ttlMs: number): Cached<T> {
  let value: Promise<T> | undefined
  let loadedAt = 0
  let generation = 0
  return {
    get() {
      if (!value || Date.now() - loadedAt > ttlMs) {
        const mine = ++generation
        loadedAt = Date.now()
        value = load()
        value.catch(() => {
          // A failed load is not kept: the next reader tries again.
          if (generation === mine) value = undefined
        })
      }
      return value
    },
    invalidate() {
      generation++
      value = undefined
    },
  }
}
