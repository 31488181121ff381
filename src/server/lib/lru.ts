/**
 * A map holding at most `max` entries, forgetting the one read or written longest ago: what a
 * cache keyed by something a stranger chooses (a query string) needs, so random keys cannot
 * grow the memory. A Map keeps insertion order; a hit is moved to the end.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!)
  }

  delete(key: K): void {
    this.#entries.delete(key)
  }

  clear(): void {
    this.#entries.clear()
  }

  get size(): number {
    return this.#entries.size
  }
}
