import type { Logger } from 'drizzle-orm/logger'

/**
 * Counts the statements a store sends (pass `logger` as `queryLogger` to createTestStore):
 * `during(fn)` answers how many `fn` caused, and which, so a test can say a list's queries do
 * not grow with its rows.
 */
export function queryCounter() {
  let recording: string[] | null = null
  const logger: Logger = {
    logQuery(query) {
      recording?.push(query)
    },
  }
  return {
    logger,
    async during(fn: () => Promise<unknown>): Promise<{ count: number; queries: string[] }> {
      const queries: string[] = []
      recording = queries
      try {
        await fn()
      } finally {
        recording = null
      }
      return { count: queries.length, queries }
    },
  }
}
