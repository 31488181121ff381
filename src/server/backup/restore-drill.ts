/**
 * The restore drill (`npm run backup:verify -- <file>`): the archive restored into a
 * throwaway database (PGlite in memory), then every table's rows counted and compared with the
 * count the archive's header recorded when it was taken. Nothing of the store is touched.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/client.js'
import type { BackupInfo } from './archive.js'
import { runDump } from './load-dump.js'
import { unpackBackup, type UnpackOptions } from './unpack.js'

export interface DrillRow {
  table: string
  inArchive: number
  restored: number | null
  same: boolean
}

/** `"public"."products"` from `public.products` (names as the dump recorded them). */
const qualified = (name: string) => {
  const dot = name.indexOf('.')
  const quote = (part: string) => `"${part.replace(/"/g, '""')}"`
  return `${quote(name.slice(0, dot))}.${quote(name.slice(dot + 1))}`
}

export async function restoreDrill(
  archive: string,
  opts: UnpackOptions,
): Promise<{ info: BackupInfo; rows: DrillRow[] }> {
  const staging = await mkdtemp(path.join(tmpdir(), 'loja-drill-'))
  try {
    // Every signature, size and SHA-256 checked, and the dump's statements, as a restore does.
    const { info, dumpPath } = await unpackBackup(archive, staging, opts)
    const database = await openDatabase({ dataDir: 'memory://' })
    try {
      await database.scriptTransaction((exec) => runDump(dumpPath, exec))
      const rows: DrillRow[] = []
      for (const [table, inArchive] of Object.entries(info.tables)) {
        const result = (await database.db
          .execute(sql.raw(`select count(*)::int as n from ${qualified(table)}`))
          .catch(() => null)) as { rows: { n: number }[] } | null
        const restored = result ? result.rows[0]!.n : null
        rows.push({ table, inArchive, restored, same: restored === inArchive })
      }
      return { info, rows }
    } finally {
      await database.close()
    }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** One line per table: `products  12  12  igual`. */
export function drillLines(rows: DrillRow[]): string[] {
  const width = Math.max(...rows.map((r) => r.table.length), 6)
  return rows.map(
    (r) =>
      `${r.table.padEnd(width)}  ${String(r.inArchive).padStart(7)}  ${String(r.restored ?? '—').padStart(7)}  ${r.same ? 'igual' : 'diferente'}`,
  )
}
