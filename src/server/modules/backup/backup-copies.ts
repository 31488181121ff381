import { desc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BackupEntry } from '../../../contracts/backup.js'
import type { BackupDestination, BackupWhere } from '../../backup/destinations.js'
import type { WrittenCopy } from '../../backup/verified-copy.js'
import type { Db } from '../../db/client.js'
import type { SettingsService } from '../settings/settings.service.js'
import { backupCopies } from './backup.tables.js'
import { expiredCopies } from './schedule.js'

// The copies the store holds: their rows in backup_copies, what the folder and the bucket
// actually hold of them (the Backup tab's list), and the retention that deletes old ones.

export type CopyRow = typeof backupCopies.$inferSelect
export type Kind = CopyRow['kind']

/** A written copy as a row of backup_copies. */
export function copyRow(copy: WrittenCopy, kind: Kind, verifiedAt: Date | null) {
  return {
    name: copy.name,
    kind,
    takenAt: copy.takenAt,
    bytes: copy.bytes,
    sha256: copy.sha256,
    inDir: copy.where.includes('dir'),
    inS3: copy.where.includes('s3'),
    verifiedAt: copy.verified ? verifiedAt : null,
    problem: copy.problem,
  }
}

/** A copy taken before the migrations, recorded once its table exists (`npm run db:migrate`). */
export async function recordCopy(db: Db, copy: WrittenCopy, kind: Kind, at: Date) {
  await db
    .insert(backupCopies)
    .values(copyRow(copy, kind, at))
    .onConflictDoNothing()
}

/** A row as the Backup tab shows it, given where the copy is found now. */
export function entryOf(row: CopyRow, where: BackupWhere[]): BackupEntry {
  const recorded: BackupWhere[] = [
    ...(row.inDir ? ['dir' as const] : []),
    ...(row.inS3 ? ['s3' as const] : []),
  ]
  return {
    name: row.name,
    createdAt: row.takenAt.toISOString(),
    bytes: row.bytes,
    where,
    // Verified, and still where it was written: a copy deleted by hand is not counted.
    verified: row.verifiedAt !== null && recorded.every((w) => where.includes(w)),
    problem: row.problem,
    kind: row.kind,
  }
}

export function backupCopyList(deps: {
  db: Db
  destinations: BackupDestination[]
  settings: SettingsService
  log: FastifyBaseLogger
}) {
  const { db, destinations } = deps

  async function applyRetention() {
    const [keepDaily, keepWeekly] = await Promise.all([
      deps.settings.get('backup_keep_daily'),
      deps.settings.get('backup_keep_weekly'),
    ])
    const verified = await db.select().from(backupCopies).where(isNotNull(backupCopies.verifiedAt))
    // The nightly copies make the 7 + 4; a manual or pre-migration copy (the state before an
    // update) is kept until it is older than the oldest nightly copy kept.
    const nightly = verified.filter((c) => c.kind === 'nightly')
    const expired = expiredCopies(nightly, keepDaily, keepWeekly)
    const kept = nightly.filter((c) => !expired.includes(c))
    const oldestKept = Math.min(...kept.map((c) => c.takenAt.getTime()))
    if (kept.length >= keepDaily + keepWeekly) {
      expired.push(
        ...verified.filter((c) => c.kind !== 'nightly' && c.takenAt.getTime() < oldestKept),
      )
    }
    for (const copy of expired) {
      for (const destination of destinations) await destination.remove(copy.name)
      await db.delete(backupCopies).where(eq(backupCopies.id, copy.id))
      deps.log.info({ backup: copy.name }, 'old backup removed (retention)')
    }
  }

  /** Every copy held in the folder or the bucket, with what the store recorded of it. */
  async function list(): Promise<BackupEntry[]> {
    const rows = await db.select().from(backupCopies).orderBy(desc(backupCopies.takenAt))
    const found = new Map<string, { where: BackupWhere[]; bytes: number }>()
    for (const destination of destinations) {
      for (const { name, bytes } of await destination.list()) {
        const seen = found.get(name) ?? { where: [], bytes }
        seen.where.push(destination.where)
        // A copy whose size is not what was written has changed since: not verified.
        if (destination.where === 'dir') seen.bytes = bytes
        found.set(name, seen)
      }
    }
    const entries: BackupEntry[] = []
    for (const row of rows) {
      const held = found.get(row.name)
      if (!held) continue
      found.delete(row.name)
      const entry = entryOf(row, held.where)
      if (held.bytes !== row.bytes) {
        entry.verified = false
        entry.problem = 'o tamanho do arquivo mudou depois de conferido'
      }
      entries.push(entry)
    }
    // Archives the store has no record of (copied in by hand, or taken before it kept one).
    for (const [name, held] of found) {
      const stamp = /^loja-(\d{4}-\d{2}-\d{2})(?:T(\d{2})-(\d{2})-(\d{2}))?/.exec(name)!
      const createdAt = new Date(
        `${stamp[1]}T${stamp[2] ?? '00'}:${stamp[3] ?? '00'}:${stamp[4] ?? '00'}Z`,
      )
      entries.push({
        name,
        createdAt: createdAt.toISOString(),
        bytes: held.bytes,
        where: held.where,
        verified: false,
        problem: 'não conferido por esta loja',
        kind: 'unknown',
      })
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  }

  return { applyRetention, list }
}
