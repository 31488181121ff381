import type { SQL } from 'drizzle-orm'
import type { Db } from './client.js'

/**
 * A Db that sends no insert itself: each `db.insert(table).values(…)…`, awaited as usual, is
 * kept as SQL for the caller to send within one statement of its own (as data-modifying CTEs:
 * atomic without a transaction, one round trip), and answers no rows. Anything but an insert
 * throws: a read could not see what is not written yet. An order's notices go into the order's
 * own statement so (orders/place-order.ts), a checkout's five round trips becoming one.
 */
export function deferInserts(db: Db): { db: Db; statements: SQL[] } {
  const statements: SQL[] = []
  const deferring = new Proxy(db, {
    get(target, key) {
      if (key !== 'insert') {
        throw new Error(`deferInserts: only inserts can wait for the statement (${String(key)})`)
      }
      return (table: Parameters<Db['insert']>[0]) => {
        const builder = target.insert(table)
        return {
          values(values: Parameters<typeof builder.values>[0]) {
            const query = builder.values(values)
            // onConflictDoNothing and returning give back this same query: awaiting any of them
            // runs this `execute`.
            query.execute = (() => {
              statements.push(query.getSQL())
              return Promise.resolve([])
            }) as typeof query.execute
            return query
          },
        }
      }
    },
  })
  return { db: deferring, statements }
}
