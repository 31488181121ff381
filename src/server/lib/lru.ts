/**
 * A map holding at most `max` entries, forgetting the one read or written longest ago: what a
 * cache keyed by something a stranger chooses (a query string) needs, so random keys cannot
 * grow the memory. A Map keeps insertion order; a hit is moved to the end.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>()
  /** The entry already last: asked again (the usual case of a hot key), it stays where it is. */
  #newest: K | undefined

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    // Moving a key costs a delete and an insert, whose tombstones make the Map rehash often.
    if (value !== undefined && key !== this.#newest) {
      this.#entries.delete(key)
      this.#entries.set(key, value)
      this.#newest = key
    }
    return value
  }

  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    this.#newest = key
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!)
  }

  delete(key: K): void {
    this.#entries.delete(key)
    if (key === this.#newest) this.#newest = undefined
  }

  clear(): void {
    this.#entries.clear()
    this.#newest = undefined
  }

  get size(): number {
    return this.#entries.size
  }
}
