/**
 * Scheduled, verified backups. Every night at the owner's hour (store time) one
 * instance — whichever claims the day's row (decision 025) — takes the archive of decision 022
 * through this server's own database connection (on PGlite the only one), writes it to
 * BACKUP_DIR and the backup bucket, reads each copy back (verified-copy.ts) and only then
 * records it verified. Retention then deletes older verified copies past 7 daily + 4 weekly.
 * One `lock` row, held while an archive is written, keeps two runs (a manual one too) apart.
 */
import type { Readable } from 'node:stream'
import { and, desc, eq, isNotNull, max } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BackupEntry, BackupStatus } from '../../../contracts/backup.js'
import type { PaymentMode } from '../../../contracts/checkout.js'
import type { BackupSource } from '../../backup/archive.js'
import {
  BACKUP_NAME,
  backupDestinations,
  scheduledBackupName,
  type BackupDestination,
  type BackupWhere,
} from '../../backup/destinations.js'
import { writeVerifiedCopy, type WrittenCopy } from '../../backup/verified-copy.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { SettingsService } from '../settings/settings.service.js'
import { backupCopies, backupRuns } from './backup.tables.js'
import { expiredCopies, localTime, nextSlot, nightlyPeriod } from './schedule.js'

/** A run holds its lock this long unless renewed (every third of it, while it writes). */
const LEASE_SECONDS = 120
/** A nightly run that fails tries again, at most this many times that night. */
const MAX_NIGHTLY_ATTEMPTS = 3

type CopyRow = typeof backupCopies.$inferSelect
type Kind = CopyRow['kind']

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

  function entryOf(row: CopyRow, where: BackupWhere[]): BackupEntry {
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

  const doneNightly = async () =>
    new Set(
      (
        await db
          .select({ period: backupRuns.period })
          .from(backupRuns)
          .where(and(eq(backupRuns.job, 'nightly'), eq(backupRuns.status, 'done')))
      ).map((r) => r.period),
    )

  return {
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

    /**
     * The scheduler's tick (every minute in each instance): once the store's hour has come, the
     * instance that claims the day's row takes the backup. Null when nothing was due here.
     */
    async tick(): Promise<BackupEntry | null> {
      if (!(await enabled())) return null
      const at = now()
      const hour = await deps.settings.get('backup_hour')
      if (localTime(at).hour < hour) return null
      const period = nightlyPeriod(at, hour)
      await db
        .insert(backupRuns)
        .values({ job: 'nightly', period, nextAttemptAt: at })
        .onConflictDoNothing()
      const row = await claims.claimOne(
        db,
        and(eq(backupRuns.job, 'nightly'), eq(backupRuns.period, period))!,
      )
      if (!row) return null
      const end = (set: Parameters<ReturnType<typeof db.update>['set']>[0]) =>
        db.update(backupRuns).set(set).where(claims.held(row))
      try {
        const entry = await runLocked('nightly')
        if (!entry) {
          // A manual run is writing: this night's run waits its turn.
          await end({ ...claims.released(), nextAttemptAt: new Date(at.getTime() + 60_000) })
          return null
        }
        if (entry.verified || row.attempts >= MAX_NIGHTLY_ATTEMPTS) {
          await end({ ...claims.released(), status: 'done', lastError: entry.problem })
        } else {
          await end({ ...claims.retryLater(row), lastError: entry.problem })
        }
        return entry
      } catch (error) {
        const message = (error as Error).message
        deps.log.error({ err: error }, 'scheduled backup failed')
        await end(
          row.attempts >= MAX_NIGHTLY_ATTEMPTS
            ? { ...claims.released(), status: 'done', lastError: message }
            : { ...claims.retryLater(row), lastError: message },
        )
        throw error
      }
    },

    /** The schedule and where copies go, for the Backup tab. */
    async status(): Promise<BackupStatus> {
      const values = await deps.settings.all()
      const on = await enabled()
      const done = await doneNightly()
      return {
        enabled: on,
        setting: values.backup_enabled,
        hour: values.backup_hour,
        keepDaily: values.backup_keep_daily,
        keepWeekly: values.backup_keep_weekly,
        nextRun: on ? nextSlot(now(), values.backup_hour, (p) => done.has(p)).toISOString() : null,
        bucket: deps.config.backups.s3?.bucket ?? null,
      }
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
