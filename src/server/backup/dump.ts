import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'

/** Where the dump's lines go; resolves once the consumer is ready for more (backpressure). */
export type SqlSink = (text: string) => Promise<void>

export interface DumpSummary {
  /** Rows per table, `schema.table`. */
  tables: Record<string, number>
}

interface TableInfo {
  oid: number
  schema: string
  name: string
}

const ROWS_PER_PAGE = 1000

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`

/**
 * A value as an SQL literal. A literal never holds a raw line break (E'' escapes them), so every
 * line of the dump that ends with `;` ends a statement: restore reads the dump a line at a time.
 */
export function literal(value: string | null): string {
  if (value === null) return 'NULL'
  if (!/[\n\r]/.test(value)) return `'${value.replace(/'/g, "''")}'`
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "''")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
  return `E'${escaped}'`
}

async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
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

/** Tables so that each comes after the tables its foreign keys point to. */
function inDependencyOrder(tables: TableInfo[], edges: { from: number; to: number }[]) {
  const ordered: TableInfo[] = []
  const placed = new Set<number>()
  const visit = (table: TableInfo, path: Set<number>) => {
    if (placed.has(table.oid) || path.has(table.oid)) return
    path.add(table.oid)
    for (const edge of edges) {
      const target = tables.find((t) => t.oid === edge.to)
      if (edge.from === table.oid && edge.to !== table.oid && target) visit(target, path)
    }
    placed.add(table.oid)
    ordered.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return ordered
}

/**
 * The whole database as SQL that `psql -f` restores into an empty PostgreSQL database, written
 * from the catalogue in one REPEATABLE READ, read-only transaction (one snapshot: every table as
 * of the same instant) — on PGlite as on PostgreSQL, with no pg_dump binary. The shape is
 * pg_dump's: schemas, sequences, tables without their constraints, rows as INSERTs in foreign-key
 * order, sequence values, then primary keys, unique and check constraints, indexes and last the
 * foreign keys. Every schema but the system ones is written, so Drizzle's migration journal
 * (`drizzle.__drizzle_migrations`) comes along and the restored store knows its migrations.
 */
export async function dumpDatabase(db: Db, write: SqlSink): Promise<DumpSummary> {
  return db.transaction(
    async (tx) => {
      // Names qualified by the catalogue functions, values in forms every server reads back.
      await tx.execute(sql`set local search_path = ''`)
      await tx.execute(sql`set local datestyle = 'ISO, MDY'`)
      await tx.execute(sql`set local intervalstyle = 'postgres'`)
      await tx.execute(sql`set local timezone = 'UTC'`)
      await tx.execute(sql`set local extra_float_digits = 3`)
      return writeDump(tx, write)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

async function writeDump(tx: Db, write: SqlSink): Promise<DumpSummary> {
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
  const sequences = await rowsOf<{
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
  }>(
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
  const constraints = await rowsOf<{
    table: number
    name: string
    type: string
    def: string
    references: number
  }>(
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
  const ddl = (text: string) => {
    // One statement never spans a line break inside a literal (see `literal`).
    if (/[\n\r]/.test(text)) throw new Error(`backup: unexpected line break in ${text}`)
    return text
  }

  await write(
    [
      '-- Loja: database backup, SQL in the form pg_dump writes it.',
      '-- Restore with `npm run restore`, or into an empty PostgreSQL database with `psql -f`.',
      '',
      'SET statement_timeout = 0;',
      'SET lock_timeout = 0;',
      "SET client_encoding = 'UTF8';",
      'SET standard_conforming_strings = on;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'SET check_function_bodies = false;',
      'SET client_min_messages = warning;',
      'SET row_security = off;',
      "SET datestyle = 'ISO, MDY';",
      "SET intervalstyle = 'postgres';",
      "SET timezone = 'UTC';",
      '',
    ].join('\n') + '\n',
  )
  for (const schema of schemas) {
    if (schema !== 'public') await write(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)};\n`)
  }
  for (const s of sequences) {
    await write(
      ddl(
        `CREATE SEQUENCE ${qualified(s.schema, s.name)} AS ${s.type} START WITH ${s.start} ` +
          `INCREMENT BY ${s.increment} MINVALUE ${s.min} MAXVALUE ${s.max} CACHE ${s.cache}` +
          `${s.cycle ? ' CYCLE' : ' NO CYCLE'};`,
      ) + '\n',
    )
  }

  const columnsOf = new Map<
    number,
    { name: string; type: string; notNull: boolean; default: string | null }[]
  >()
  for (const table of tables) {
    const columns = await rowsOf<{
      name: string
      type: string
      notNull: boolean
      default: string | null
    }>(
      tx,
      sql`select a.attname as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
          a.attnotnull as "notNull", pg_catalog.pg_get_expr(d.adbin, d.adrelid) as default
        from pg_catalog.pg_attribute a
        left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = ${table.oid} and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
    )
    columnsOf.set(table.oid, columns)
    const lines = columns.map(
      (c) =>
        `    ${ident(c.name)} ${c.type}${c.default !== null ? ` DEFAULT ${c.default}` : ''}${c.notNull ? ' NOT NULL' : ''}`,
    )
    await write(`\n${ddl(`CREATE TABLE ${qualified(table.schema, table.name)} (`)}\n`)
    await write(lines.map(ddl).join(',\n') + '\n);\n')
  }
  for (const s of sequences) {
    if (s.owner) await write(`ALTER SEQUENCE ${qualified(s.schema, s.name)} OWNED BY ${s.owner};\n`)
  }

  const summary: DumpSummary = { tables: {} }
  const ordered = inDependencyOrder(
    tables,
    constraints.filter((c) => c.type === 'f').map((c) => ({ from: c.table, to: c.references })),
  )
  for (const table of ordered) {
    const columns = columnsOf.get(table.oid)!
    const name = qualified(table.schema, table.name)
    const head = `INSERT INTO ${name} (${columns.map((c) => ident(c.name)).join(', ')}) VALUES`
    // Every value as its text form, which the column's type reads back (arrays, jsonb, bytea...).
    const select = columns.map((c, i) => `${ident(c.name)}::text as c${i}`).join(', ')
    let after = '(0,0)'
    let count = 0
    for (;;) {
      const page = await rowsOf<Record<string, string | null>>(
        tx,
        sql`select ctid::text as ctid, ${sql.raw(select || 'null as c0')} from ${sql.raw(name)}
          where ctid > ${after}::tid order by ctid limit ${ROWS_PER_PAGE}`,
      )
      if (page.length === 0) break
      const values = page.map(
        (row) => `(${columns.map((_c, i) => literal(row[`c${i}`] ?? null)).join(', ')})`,
      )
      await write(`\n${head}\n${values.join(',\n')};\n`)
      count += page.length
      after = page.at(-1)!.ctid!
      if (page.length < ROWS_PER_PAGE) break
    }
    summary.tables[`${table.schema}.${table.name}`] = count
  }

  await write('\n')
  for (const s of sequences) {
    const [state] = await rowsOf<{ last: string; called: boolean }>(
      tx,
      sql`select last_value::text as last, is_called as called from ${sql.raw(qualified(s.schema, s.name))}`,
    )
    await write(
      `SELECT pg_catalog.setval(${literal(qualified(s.schema, s.name))}, ${state!.last}, ${state!.called});\n`,
    )
  }

  const tableName = (oid: number) => {
    const t = tables.find((x) => x.oid === oid)!
    return qualified(t.schema, t.name)
  }
  await write('\n')
  for (const c of constraints.filter((k) => k.type !== 'f')) {
    await write(
      ddl(`ALTER TABLE ONLY ${tableName(c.table)} ADD CONSTRAINT ${ident(c.name)} ${c.def};`) +
        '\n',
    )
  }
  for (const index of indexes) await write(ddl(`${index.def};`) + '\n')
  for (const c of constraints.filter((k) => k.type === 'f')) {
    await write(
      ddl(`ALTER TABLE ONLY ${tableName(c.table)} ADD CONSTRAINT ${ident(c.name)} ${c.def};`) +
        '\n',
    )
  }
  return summary
}
