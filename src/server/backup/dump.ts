import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import {
  columnsOf,
  readCatalogue,
  rowsOf,
  type Catalogue,
  type ColumnInfo,
  type TableInfo,
} from './dump-catalogue.js'

/** Where the dump's lines go; resolves once the consumer is ready for more (backpressure). */
export type SqlSink = (text: string) => Promise<void>

export interface DumpSummary {
  /** Rows per table, `schema.table`. */
  tables: Record<string, number>
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

/** One statement never spans a line break inside a literal (see `literal`). */
function ddl(text: string) {
  if (/[\n\r]/.test(text)) throw new Error(`backup: unexpected line break in ${text}`)
  return text
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
  const catalogue = await readCatalogue(tx)
  await write(HEADER)
  const columns = await writeTables(tx, write, catalogue)
  const summary = await writeRows(tx, write, catalogue, columns)
  await writeSequenceValues(tx, write, catalogue)
  await writeConstraints(write, catalogue)
  return summary
}

const HEADER =
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
  ].join('\n') + '\n'

/** The schemas, sequences and tables, without their constraints; answers each table's columns. */
async function writeTables(tx: Db, write: SqlSink, { schemas, sequences, tables }: Catalogue) {
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
  const columnsByTable = new Map<number, ColumnInfo[]>()
  for (const table of tables) {
    const columns = await columnsOf(tx, table)
    columnsByTable.set(table.oid, columns)
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
  return columnsByTable
}

/** The rows as INSERTs, a page at a time, each table after those its foreign keys point to. */
async function writeRows(
  tx: Db,
  write: SqlSink,
  { tables, constraints }: Catalogue,
  columnsByTable: Map<number, ColumnInfo[]>,
): Promise<DumpSummary> {
  const summary: DumpSummary = { tables: {} }
  const ordered = inDependencyOrder(
    tables,
    constraints.filter((c) => c.type === 'f').map((c) => ({ from: c.table, to: c.references })),
  )
  for (const table of ordered) {
    const columns = columnsByTable.get(table.oid)!
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
  return summary
}

/** Each sequence where the database had it, so new rows do not collide with restored ones. */
async function writeSequenceValues(tx: Db, write: SqlSink, { sequences }: Catalogue) {
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
}

/** Keys, unique and check constraints, indexes, and last the foreign keys (pg_dump's order). */
async function writeConstraints(write: SqlSink, { tables, constraints, indexes }: Catalogue) {
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
}
