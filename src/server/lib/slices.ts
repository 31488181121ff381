import { performance } from 'node:perf_hooks'

/** How long one slice of work may hold the event loop before other requests get their turn. */
const SLICE_MS = 4

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * `each` over every item, yielding to the event loop whenever a slice has run for a few ms:
 * work over ten thousand products never makes a health check or a checkout wait behind it.
 */
export async function inSlices<T>(items: Iterable<T>, each: (item: T) => void): Promise<void> {
  let start = performance.now()
  for (const item of items) {
    each(item)
    if (performance.now() - start > SLICE_MS) {
      await nextTurn()
      start = performance.now()
    }
  }
}

/** Yields once (between two pieces of work that are each short). */
export const yieldTurn = nextTurn
