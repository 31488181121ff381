import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'

// What the dump reads from the PostgreSQL catalogue (pg_catalog), the same on PGlite as on a
// server: the schemas, tables, sequences, constraints, indexes and columns it writes out.

export interface TableInfo {
  oid: number
  schema: string
  name: string
}

export interface SequenceInfo {
  schema: string
  name: string
  type: string
  start: string
  increment: string
  min: string
  max: string
  cache: string
  cycle: boolean
  owner: string | null
}

export interface ConstraintInfo {
  table: number
  name: string
  type: string
  def: string
  references: number
}

export interface ColumnInfo {
  name: string
  type: string
  notNull: boolean
  default: string | null
}

export interface Catalogue {
  schemas: string[]
  tables: TableInfo[]
  sequences: SequenceInfo[]
  constraints: ConstraintInfo[]
  /** Indexes a constraint does not already make. */
  indexes: { def: string }[]
}

export async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows
}

/** Rejects what the catalogue reader below does not write yet, rather than dropping it. */
async function refuseUnsupported(tx: Db, schemas: string[]) {
  const [found] = await rowsOf<{ what: string | null }>(
    tx,
    sql`select coalesce(
      (select 'relation ' || c.relname || ' (relkind ' || c.relkind::text || ')' from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ${schemas} and c.relkind not in ('r', 'S', 'i') limit 1),
      (select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ${schemas} limit 1),
      (select 'type ' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname in ${schemas} and t.typtype in ('e', 'd', 'r', 'm') limit 1),
      (select 'trigger ' || g.tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ${schemas} and not g.tgisinternal limit 1),
      (select 'column ' || c.relname || '.' || a.attname || ' (identity or generated)'
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ${schemas} and a.attnum > 0 and not a.attisdropped
          and (a.attidentity <> '' or a.attgenerated <> '') limit 1)
    ) as what`,
  )
  if (found?.what) {
    throw new Error(`backup: the dump does not handle ${found.what} yet (backup/dump.ts)`)
  }
}

/** Every schema but the system ones, and what they hold; refuses what the dump cannot write. */
export async function readCatalogue(tx: Db): Promise<Catalogue> {
  const schemas = (
    await rowsOf<{ nspname: string }>(
      tx,
      sql`select nspname from pg_catalog.pg_namespace
        where nspname not in ('pg_catalog', 'information_schema')
          and nspname not like 'pg\\_%' order by nspname`,
    )
  ).map((r) => r.nspname)
  await refuseUnsupported(tx, schemas)

  const tables = await rowsOf<TableInfo>(
    tx,
    sql`select c.oid::int as oid, n.nspname as schema, c.relname as name
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ${schemas} order by n.nspname, c.relname`,
  )
  const sequences = await rowsOf<SequenceInfo>(
    tx,
    sql`select n.nspname as schema, c.relname as name,
        pg_catalog.format_type(s.seqtypid, null) as type, s.seqstart::text as start,
        s.seqincrement::text as increment, s.seqmin::text as min, s.seqmax::text as max,
        s.seqcache::text as cache, s.seqcycle as cycle,
        (select pg_catalog.quote_ident(tn.nspname) || '.' || pg_catalog.quote_ident(t.relname)
            || '.' || pg_catalog.quote_ident(a.attname)
          from pg_catalog.pg_depend d
          join pg_catalog.pg_class t on t.oid = d.refobjid
          join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
          join pg_catalog.pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
          where d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.objid = c.oid
            and d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
            and d.deptype in ('a', 'i') limit 1) as owner
      from pg_catalog.pg_sequence s join pg_catalog.pg_class c on c.oid = s.seqrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ${schemas} order by n.nspname, c.relname`,
  )
  const constraints = await rowsOf<ConstraintInfo>(
    tx,
    sql`select c.conrelid::int as table, c.conname as name, c.contype as type,
        pg_catalog.pg_get_constraintdef(c.oid) as def, c.confrelid::int as references
      from pg_catalog.pg_constraint c join pg_catalog.pg_class t on t.oid = c.conrelid
      join pg_catalog.pg_namespace n on n.oid = t.relnamespace
      where n.nspname in ${schemas} and c.contype in ('p', 'u', 'c', 'f', 'x')
      order by n.nspname, t.relname, c.conname`,
  )
  // Indexes a constraint does not already make.
  const indexes = await rowsOf<{ def: string }>(
    tx,
    sql`select pg_catalog.pg_get_indexdef(i.indexrelid) as def
      from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indexrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ${schemas} and not exists (
        select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid
          and k.contype in ('p', 'u', 'x'))
      order by n.nspname, c.relname`,
  )
  return { schemas, tables, sequences, constraints, indexes }
}

/** A table's columns, in their order, with their types and defaults as SQL. */
export function columnsOf(tx: Db, table: TableInfo): Promise<ColumnInfo[]> {
  return rowsOf<ColumnInfo>(
    tx,
    sql`select a.attname as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
          a.attnotnull as "notNull", pg_catalog.pg_get_expr(d.adbin, d.adrelid) as default
        from pg_catalog.pg_attribute a
        left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = ${table.oid} and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
  )
}
