import { desc, eq, sql } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

/** A table listed newest first, a page at a time: its id and creation time. */
export interface NewestFirst {
  table: PgTable
  id: PgColumn
  createdAt: PgColumn
}

/**
 * A page of `query` (a dynamic select of `t`'s rows), newest first: creation time, then id
 * (rows made by one statement share a time), those after the row `before` when given (keyset
 * paging: a page reads only its rows, whatever its depth). The comparison is made in the
 * database: its timestamps hold microseconds, a JavaScript Date only milliseconds. A `before`
 * the table does not hold gives null (its caller answers 404); it is looked for only when the
 * page came back empty, so a page costs one query.
 */
export async function newestFirstPage<Q extends PgSelect>(
  db: Db,
  t: NewestFirst,
  query: Q,
  size: number,
  before?: string,
): Promise<Awaited<Q> | null> {
  const createdAt = sql.identifier(t.createdAt.name)
  const id = sql.identifier(t.id.name)
  const after = before
    ? sql`(${t.createdAt}, ${t.id}) < (select k.${createdAt}, k.${id} from ${t.table} k where k.${id} = ${before})`
    : undefined
  const rows = (await query
    .where(after)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(size)) as Awaited<Q>
  if (before && rows.length === 0) {
    const [known] = await db.select({ id: t.id }).from(t.table).where(eq(t.id, before))
    if (!known) return null
  }
  return rows
}
