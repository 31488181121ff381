import { readFileSync } from 'node:fs'

/** Set by testing/global-setup.ts: the migrated PGlite data folder, dumped to a file. */
export const PGLITE_SNAPSHOT_ENV = 'LOJA_TEST_PGLITE_SNAPSHOT'
/** Set by testing/global-setup.ts: the migrated PostgreSQL database that test databases copy. */
export const PG_TEMPLATE_ENV = 'LOJA_TEST_PG_TEMPLATE'

let snapshot: Blob | undefined

/**
 * The migrated schema to start a PGlite test store from, read once per worker; undefined when the
 * suite runs without the global setup (a file run by another config), and the store migrates.
 */
export function migratedPgliteSnapshot(): Blob | undefined {
  const file = process.env[PGLITE_SNAPSHOT_ENV]
  if (!file) return undefined
  snapshot ??= new Blob([readFileSync(file)])
  return snapshot
}

/** The template database a fresh PostgreSQL test database is cloned from, if there is one. */
export function migratedPgTemplate(): string | undefined {
  return process.env[PG_TEMPLATE_ENV]
}
