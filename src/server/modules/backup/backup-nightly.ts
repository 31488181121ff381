import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { BackupEntry, BackupStatus } from '../../../contracts/backup.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { rowClaims } from '../../db/claims.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { Kind } from './backup-copies.js'
import { backupRuns } from './backup.tables.js'
import { localTime, nextSlot, nightlyPeriod } from './schedule.js'

// The nightly schedule: which night is due, which instance takes it (the night's row in
// backup_runs, claimed once), how often a failed night tries again, and when the next one is.

/** A nightly run that fails tries again, at most this many times that night. */
const MAX_NIGHTLY_ATTEMPTS = 3

export function nightlyBackups(deps: {
  db: Db
  claims: ReturnType<typeof rowClaims<typeof backupRuns>>
  settings: SettingsService
  config: Pick<Config, 'backups'>
  enabled: () => Promise<boolean>
  /** One run under the lock row; null when another run holds it. */
  runLocked: (kind: Kind) => Promise<BackupEntry | null>
  log: FastifyBaseLogger
  now: () => Date
}) {
  const { db, claims, enabled, runLocked, now } = deps

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
  }
}
