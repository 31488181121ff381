import { execFileSync } from 'node:child_process'

/** The PostgreSQL server the benches make their databases on: BENCH_PG_URL, else the local one. */
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The server's URL with `db` as its database. */
export const urlFor = (db: string) => {
  const url = new URL(PG)
  url.pathname = `/${db}`
  return url.toString()
}

/** Runs SQL in `db` through psql; its output, trimmed. */
export const psql = (db: string, sql: string) =>
  execFileSync('psql', [urlFor(db), '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  }).trim()
