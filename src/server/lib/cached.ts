/**
 * A value loaded on demand and kept for `ttlMs`. Concurrent readers share one load. Writes in
 * this process call `invalidate()`; other instances are told by a change signal and call it
 * too (the settings, decision 024), the TTL bounding a message that never arrived.
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
