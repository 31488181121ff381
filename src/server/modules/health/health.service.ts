/**
 * 'Saúde da loja': five checks of what lets a store on a small server lose sales or
 * data without anyone noticing, each ok or not and since when; and one e-mail to `admin_email`
 * per problem per store day while it lasts, and one when it is solved. Each e-mail is a row of
 * `health_alerts` (check, period) claimed by one instance (decision 025), so two send one.
 */
import { statfs } from 'node:fs/promises'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  HEALTH_CHECKS,
  HEALTH_LABELS,
  type HealthCheck,
  type HealthCheckName,
} from '../../../contracts/health.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { localTime, type BackupService } from '../backup/backup.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { healthAlerts, healthStates } from './health.tables.js'
import type { ProviderFailures } from './provider-failure-log.js'
import { dateTimeBR } from '../../lib/store-clock.js'

const HOUR_MS = 3_600_000
/** A verified backup older than this (a nightly one missed, and then some) is a problem. */
export const BACKUP_MAX_AGE_MS = 26 * HOUR_MS
/** Free space under DATA_DIR below this share of the disk is a problem. */
export const DISK_MIN_FREE = 0.1

export interface HealthDeps {
  db: Db
  settings: SettingsService
  backups: Pick<BackupService, 'enabled' | 'lastVerifiedAt'>
  messaging: Pick<MessagingService, 'failingFor' | 'mail'>
  providerFailures: Pick<ProviderFailures, 'failing'>
  /** The migrations this code has that the database has not applied (null: none recorded). */
  pendingMigrations: () => Promise<string[] | null>
  dataDir: string
  log: FastifyBaseLogger
  now?: () => Date
  /** The disk under DATA_DIR: free and total bytes (tests give a full one). */
  disk?: () => Promise<{ free: number; total: number }>
}

/** What a check found; `since` when it knows when that began (the backup that ended a problem). */
type Finding = { ok: boolean; message: string; since?: Date }

export function createHealthService(deps: HealthDeps) {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const disk =
    deps.disk ??
    (async () => {
      const s = await statfs(deps.dataDir)
      return { free: s.bavail * s.bsize, total: s.blocks * s.bsize }
    })
  const alertClaims = rowClaims({
    table: healthAlerts,
    leaseSeconds: 60,
    backoffSeconds: exponentialBackoff(60, 3600),
    eligible: eq(healthAlerts.status, 'pending'),
    expired: 'retake',
    clock: now,
  })

  const finders: Record<HealthCheckName, () => Promise<Finding>> = {
    async backup() {
      if (!(await deps.backups.enabled())) {
        return { ok: true, message: 'Backups automáticos desligados (modo demonstração).' }
      }
      const last = await deps.backups.lastVerifiedAt()
      if (!last) return { ok: false, message: 'Nenhum backup conferido ainda.' }
      const ok = now().getTime() - last.getTime() <= BACKUP_MAX_AGE_MS
      return {
        ok,
        // A problem of backups ends with the backup that was verified, not when one looks.
        ...(ok ? { since: last } : {}),
        message: ok
          ? `Último backup conferido: ${dateTimeBR.format(last)}.`
          : `Nenhum backup conferido há mais de 26 horas (o último: ${dateTimeBR.format(last)}).`,
      }
    },
    async messages() {
      const failing = await deps.messaging.failingFor(now())
      if (failing.length === 0)
        return { ok: true, message: 'E-mails e WhatsApp saindo normalmente.' }
      const parts = failing.map(
        (f) =>
          `${f.n} ${f.channel === 'email' ? 'e-mail(s)' : 'mensagem(ns) de WhatsApp'} sem sair há mais de uma hora (${f.lastError ?? 'sem detalhe'})`,
      )
      return { ok: false, message: `${parts.join('; ')}.` }
    },
    async payments() {
      const failing = await deps.providerFailures.failing()
      if (failing.length === 0) return { ok: true, message: 'Provedores de pagamento respondendo.' }
      const parts = failing.map(
        (f) =>
          `${f.provider}: ${f.failuresInARow} falhas seguidas ${f.kind === 'api' ? 'na API' : 'nos webhooks'} (${f.lastError ?? 'sem detalhe'})`,
      )
      return { ok: false, message: `${parts.join('; ')}.` }
    },
    async disk() {
      const { free, total } = await disk()
      const share = total > 0 ? free / total : 1
      const text = `${(free / 1e9).toFixed(1).replace('.', ',')} GB livres (${Math.round(share * 100)}%)`
      return share < DISK_MIN_FREE
        ? { ok: false, message: `Disco quase cheio: ${text}. Backups e uploads podem falhar.` }
        : { ok: true, message: `Disco: ${text}.` }
    },
    async migrations() {
      const pending = (await deps.pendingMigrations()) ?? []
      return pending.length
        ? {
            ok: false,
            message: `Migração esperando: ${pending.join(', ')}. Reinicie a loja para aplicá-la (com backup antes).`,
          }
        : { ok: true, message: 'Banco de dados atualizado.' }
    },
  }

  async function find(name: HealthCheckName): Promise<Finding> {
    try {
      return await finders[name]()
    } catch (err) {
      deps.log.warn({ err, check: name }, 'health check failed')
      return { ok: false, message: `Não foi possível verificar: ${(err as Error).message}` }
    }
  }

  /**
   * Each check as found now, with since when it has been so. Whoever first sees a change (the
   * job or the owner opening the panel) records it, in one statement, so 'OK desde' is when the
   * problem ended and stays so on every later look; two instances seeing it at once record one.
   */
  async function checks(): Promise<HealthCheck[]> {
    return Promise.all(
      HEALTH_CHECKS.map(async (name) => {
        const found = await find(name)
        const seen = found.since ?? now()
        const [row] = await db
          .insert(healthStates)
          .values({ name, ok: found.ok, since: seen, message: found.message })
          .onConflictDoUpdate({
            target: healthStates.name,
            set: {
              ok: found.ok,
              since: sql`CASE WHEN ${healthStates.ok} = ${found.ok} THEN ${healthStates.since} ELSE ${seen} END`,
              message: found.message,
            },
          })
          .returning({ since: healthStates.since })
        return { name, ok: found.ok, message: found.message, since: row!.since.toISOString() }
      }),
    )
  }

  async function sendAlert(check: HealthCheck, period: string) {
    await db
      .insert(healthAlerts)
      .values({ check: check.name, period, nextAttemptAt: now() })
      .onConflictDoNothing()
    const row = await alertClaims.claimOne(
      db,
      and(eq(healthAlerts.check, check.name), eq(healthAlerts.period, period))!,
    )
    if (!row) return false
    try {
      const to = (await deps.settings.get('admin_email')).trim()
      // No address: nobody to tell; the panel still shows it.
      if (to) {
        const label = HEALTH_LABELS[check.name]
        await deps.messaging.mail.sendNow(to, {
          subject: check.ok ? `Resolvido: ${label}` : `Atenção na loja: ${label}`,
          paragraphs: [
            check.message,
            check.ok
              ? 'O problema avisado antes foi resolvido.'
              : 'Você recebe no máximo um aviso por dia enquanto o problema durar, e um quando ele for resolvido.',
          ],
          button: { label: 'Abrir o painel', path: '/admin' },
        })
      }
      await db
        .update(healthAlerts)
        .set({ ...alertClaims.released(), status: 'done' })
        .where(alertClaims.held(row))
      return Boolean(to)
    } catch (err) {
      deps.log.warn({ err, check: check.name }, 'health alert e-mail failed')
      await db.update(healthAlerts).set(alertClaims.retryLater(row)).where(alertClaims.held(row))
      return false
    }
  }

  /**
   * Whether the owner's last e-mail about `name` told her of a problem: then she is owed the one
   * saying it is solved, whichever reader recorded the change.
   */
  async function toldDownLast(name: HealthCheckName): Promise<boolean> {
    const [last] = await db
      .select({ period: healthAlerts.period, status: healthAlerts.status })
      .from(healthAlerts)
      .where(eq(healthAlerts.check, name))
      .orderBy(desc(healthAlerts.id))
      .limit(1)
    return Boolean(last && last.status === 'done' && last.period.startsWith('down:'))
  }

  return {
    checks,

    /**
     * The job (every few minutes in each instance): records each check's state and since when,
     * and sends the e-mails due — one per failing check per store day, one when it recovers
     * after the owner was told of it.
     */
    async evaluate(): Promise<HealthCheck[]> {
      const found = await checks()
      const day = localTime(now()).date
      for (const check of found) {
        if (!check.ok) await sendAlert(check, `down:${day}`)
        else if (await toldDownLast(check.name)) await sendAlert(check, `up:${check.since}`)
      }
      return found
    },
  }
}

export type HealthService = ReturnType<typeof createHealthService>
