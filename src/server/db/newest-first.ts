import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

/** A table listed newest first, a page at a time: its id and creation time. */
export interface NewestFirst {
  table: PgTable
  id: PgColumn
  createdAt: PgColumn
}

/** The order of such a list: creation time, then id (rows made by one statement share a time). */
export const newestFirst = (t: NewestFirst) => [desc(t.createdAt), desc(t.id)]

/**
 * The condition for the rows listed after the row `before` (keyset paging: a page reads only its
 * rows, whatever the page's depth). No `before`: no condition. A `before` the table does not
 * hold: null (its caller answers 404). The comparison is made in the database: its timestamps
 * hold microseconds, a JavaScript Date only milliseconds.
 */
export async function listedAfter(
  db: Db,
  t: NewestFirst,
  before: string | undefined,
): Promise<SQL | undefined | null> {
  if (!before) return undefined
  const [row] = await db.select({ id: t.id }).from(t.table).where(eq(t.id, before))
  if (!row) return null
  const createdAt = sql.identifier(t.createdAt.name)
  const id = sql.identifier(t.id.name)
  return sql`(${t.createdAt}, ${t.id}) < (select k.${createdAt}, k.${id} from ${t.table} k where k.${id} = ${before})`
}
