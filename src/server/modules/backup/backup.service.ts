/**
 * Scheduled, verified backups. Every night at the owner's hour (store time) one
 * instance — whichever claims the day's row (decision 025) — takes the archive of decision 022
 * through this server's own database connection (on PGlite the only one), writes it to
 * BACKUP_DIR and the backup bucket, reads each copy back (verified-copy.ts) and only then
 * records it verified. Retention then deletes older verified copies past 7 daily + 4 weekly.
 * One `lock` row, held while an archive is written, keeps two runs (a manual one too) apart.
 */
import type { Readable } from 'node:stream'
import { and, eq, isNotNull, max } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BackupEntry } from '../../../contracts/backup.js'
import type { PaymentMode } from '../../../contracts/checkout.js'
import type { BackupSource } from '../../backup/archive.js'
import {
  BACKUP_NAME,
  backupDestinations,
  scheduledBackupName,
  type BackupDestination,
} from '../../backup/destinations.js'
import { writeVerifiedCopy, type WrittenCopy } from '../../backup/verified-copy.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { Config } from '../../config.js'
import { AppError } from '../../errors.js'
import type { SettingsService } from '../settings/settings.service.js'
import { backupCopyList, copyRow, entryOf, type Kind } from './backup-copies.js'
import { nightlyBackups } from './backup-nightly.js'
import { backupCopies, backupRuns } from './backup.tables.js'

export { copyRow, recordCopy } from './backup-copies.js'

/** A run holds its lock this long unless renewed (every third of it, while it writes). */
const LEASE_SECONDS = 120

export interface BackupServiceDeps {
  source: BackupSource
  config: Pick<Config, 'backups'>
  settings: SettingsService
  /** Whether the store charges for real: 'auto' turns backups on then. */
  paymentMode: () => Promise<PaymentMode>
  log: FastifyBaseLogger
  now?: () => Date
  /** Where copies go; the configuration's (folder, and bucket when set) unless given. */
  destinations?: BackupDestination[]
}

export function createBackupService(deps: BackupServiceDeps) {
  const db = deps.source.database.db
  const now = deps.now ?? (() => new Date())
  const destinations = deps.destinations ?? backupDestinations(deps.config)
  const claims = rowClaims({
    table: backupRuns,
    leaseSeconds: LEASE_SECONDS,
    backoffSeconds: exponentialBackoff(300, 3600),
    eligible: eq(backupRuns.status, 'pending'),
    expired: 'retake',
    clock: now,
  })
  const lockWhere = and(eq(backupRuns.job, 'lock'), eq(backupRuns.period, '-'))!

  async function enabled() {
    const setting = await deps.settings.get('backup_enabled')
    if (setting !== 'auto') return setting === 'on'
    const mode = await deps.paymentMode()
    return mode !== 'demo' && mode !== 'unavailable'
  }

  const { applyRetention, list } = backupCopyList({
    db,
    destinations,
    settings: deps.settings,
    log: deps.log,
  })

  /** Writes, reads back and records one copy; retention runs after a verified one. */
  async function takeAndRecord(kind: Kind): Promise<BackupEntry> {
    const at = now()
    const name = scheduledBackupName(at)
    const copy = await writeVerifiedCopy(deps.source, destinations, {
      dir: deps.config.backups.dir,
      name,
      at,
    })
    const [row] = await db
      .insert(backupCopies)
      .values(copyRow(copy, kind, now()))
      .onConflictDoUpdate({ target: backupCopies.name, set: copyRow(copy, kind, now()) })
      .returning()
    if (copy.verified) await applyRetention()
    else deps.log.error({ backup: name, problem: copy.problem }, 'backup NOT verified')
    return entryOf(row!, copy.where)
  }

  /**
   * Runs `kind` now under the lock row; null when another run (here or in another instance)
   * holds it.
   */
  async function runLocked(kind: Kind): Promise<BackupEntry | null> {
    await db
      .insert(backupRuns)
      .values({ job: 'lock', period: '-', nextAttemptAt: new Date(0) })
      .onConflictDoNothing()
    const lock = await claims.claimOne(db, lockWhere, { anyTime: true })
    if (!lock) return null
    try {
      return await claims.holdWhile(
        db,
        lock,
        () => takeAndRecord(kind),
        (err) => deps.log.warn({ err }, 'backup lock renewal failed'),
      )
    } finally {
      await db.update(backupRuns).set(claims.released()).where(claims.held(lock))
    }
  }

  return {
    ...nightlyBackups({
      db,
      claims,
      settings: deps.settings,
      config: deps.config,
      enabled,
      runLocked,
      log: deps.log,
      now,
    }),
    enabled,
    list,

    /** POST /api/admin/backups/run: the scheduled job, now. */
    async runNow(): Promise<BackupEntry> {
      const entry = await runLocked('manual')
      if (!entry)
        throw new AppError(
          'conflict',
          'Um backup já está sendo feito; tente de novo em alguns minutos.',
        )
      return entry
    },

    /** When the newest verified copy was taken (the health check's "no backup in 26 h"). */
    async lastVerifiedAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(backupCopies.takenAt) })
        .from(backupCopies)
        .where(isNotNull(backupCopies.verifiedAt))
      return row?.at ?? null
    },

    /**
     * One listed copy to download: the name must be one the listing holds (no path is ever
     * built from what the browser sent otherwise), read from the folder, else the bucket.
     */
    async open(name: string): Promise<{ stream: Readable; bytes: number } | null> {
      if (!BACKUP_NAME.test(name)) return null
      const entry = (await list()).find((e) => e.name === name)
      if (!entry) return null
      const from = destinations.find(
        (d) => d.where === (entry.where.includes('dir') ? 'dir' : 's3'),
      )!
      return { stream: from.read(entry.name), bytes: entry.bytes }
    },

    /** Records a copy taken before migrations (the table may not have existed then). */
    async record(copy: WrittenCopy, kind: Kind) {
      await db
        .insert(backupCopies)
        .values(copyRow(copy, kind, now()))
        .onConflictDoNothing()
    },

    close() {
      for (const destination of destinations) destination.close()
    },
  }
}

export type BackupService = ReturnType<typeof createBackupService>
/** The store's calendar (America/Sao_Paulo), for the modules that count its days. */
export { localTime } from './schedule.js'
