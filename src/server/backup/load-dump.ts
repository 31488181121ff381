/**
 * The dump as a restore reads it (docs/decisions/022-backup-and-restore.md): checked whole
 * before the database is touched, then sent in batches of whole statements.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { checkDumpStatement, DumpStatementRefused } from './dump-statements.js'
import { RestoreRefused } from './restore-refused.js'

/** Statements sent to the database at a time while loading the dump. */
const BATCH_CHARS = 512 * 1024

/** The dump's statements as the restore sends them: a line ending in `;` ends one (dump.ts). */
async function* statementsOf(dumpPath: string) {
  const lines = createInterface({ input: createReadStream(dumpPath, 'utf8'), crlfDelay: Infinity })
  let statement = ''
  for await (const line of lines) {
    if (!statement && (line === '' || line.startsWith('--'))) continue
    statement += `${line}\n`
    if (!line.endsWith(';')) continue
    yield statement
    statement = ''
  }
  if (statement.trim()) throw new RestoreRefused('database.sql termina no meio de um comando')
}

/**
 * Reads the whole dump before the database is touched: each unit the restore will send must be
 * one whole statement of a kind dump.ts writes (dump-statements.ts). Anything else — COPY … TO
 * PROGRAM, CREATE ROLE, a function body, a call in a default — refuses the archive.
 */
export async function checkDump(dumpPath: string) {
  let n = 0
  for await (const statement of statementsOf(dumpPath)) {
    n += 1
    try {
      checkDumpStatement(statement)
    } catch (error) {
      if (!(error instanceof DumpStatementRefused)) throw error
      throw new RestoreRefused(`database.sql, comando ${n}: ${error.message}. Nada foi gravado.`)
    }
  }
}

/** Runs the dump a batch of whole statements at a time. */
export async function runDump(dumpPath: string, exec: (script: string) => Promise<unknown>) {
  let batch = ''
  for await (const statement of statementsOf(dumpPath)) {
    batch += statement
    if (batch.length >= BATCH_CHARS) {
      await exec(batch)
      batch = ''
    }
  }
  if (batch) await exec(batch)
}
