import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { startIntervalJob, type IntervalJob } from '../../lib/interval-job.js'
import { createEvolutionClient, EvolutionError, type GatewayConfig } from './evolution-api.js'
import { MailError, sendMail, type MailConfig } from './mail-transport.js'
import {
  claimDue,
  markAttemptFailed,
  markSent,
  settleAbandoned,
  type Channel,
  type OutboxRow,
} from './outbox.js'

/** Each channel's gateway now; null for a channel not configured (its rows are not touched). */
export interface Gateways {
  whatsapp: GatewayConfig | null
  email: MailConfig | null
}

export const OUTBOX_EVERY_MS = 2_000

/**
 * Delivers the outbox, each row through its channel: WhatsApp by Evolution API, e-mail by SMTP.
 * Each run settles abandoned claims, then claims due messages (SKIP
 * LOCKED, so every instance may run one) and sends them at once, in parallel: a claimed row is
 * a row on its way to the gateway, which keeps the "claimed but never tried" window tiny.
 *
 * At most once: a row is marked sent right after the gateway's 201. If the process dies
 * between the two, the claim runs out and `settleAbandoned` marks the row failed, never sent
 * again; the same for a send whose answer never came (timeout). Evolution API has no
 * idempotency key to make a resend safe, so a rare lost notice (visible as failed in the admin,
 * and re-sendable from there) is preferred to a buyer getting it twice. See decision 007. An
 * e-mail follows the same rule: a send cut off after its data went out is not tried again.
 */
export function createOutboxWorker(deps: {
  db: Db
  log: FastifyBaseLogger
  /** The gateways to use now, read at every run (the admin may change them at any time). */
  gateways: () => Promise<Gateways>
  /** The clock claims and retries are measured on; the database's when left out (tests drive it). */
  clock?: Clock
}) {
  const { db, log, clock } = deps
  let job: IntervalJob | null = null
  let stopped = false
  let again = false

  async function deliverEmail(mail: MailConfig, row: OutboxRow): Promise<void> {
    try {
      const messageId = await sendMail(mail, {
        to: row.toNumber,
        subject: row.subject ?? '',
        text: row.body,
        html: row.html,
        unsubscribeUrl: row.unsubscribeUrl,
      })
      await markSent(db, row.id, clock)
      log.info({ outboxId: row.id, key: row.dedupeKey, messageId }, 'e-mail sent')
    } catch (err) {
      if (!(err instanceof MailError)) throw err
      const outcome = await markAttemptFailed(db, row, err.message, !err.retry, clock)
      log.warn(
        { outboxId: row.id, key: row.dedupeKey, attempts: row.attempts, outcome, err: err.message },
        'e-mail not sent',
      )
    }
  }

  async function deliver(gateways: Gateways, row: OutboxRow): Promise<void> {
    if (row.channel === 'email') return deliverEmail(gateways.email!, row)
    const gateway = gateways.whatsapp!
    const client = createEvolutionClient(gateway)
    try {
      const { messageId } = await client.sendText(row.toNumber, row.body)
      await markSent(db, row.id, clock)
      log.info({ outboxId: row.id, key: row.dedupeKey, messageId }, 'whatsapp message sent')
    } catch (err) {
      if (!(err instanceof EvolutionError)) throw err
      // Only a gateway that surely did not take the message is asked again.
      const final = err.kind === 'unknown' || err.notOnWhatsapp
      const outcome = await markAttemptFailed(db, row, err.message, final, clock)
      log.warn(
        { outboxId: row.id, key: row.dedupeKey, attempts: row.attempts, outcome, err: err.message },
        'whatsapp message not sent',
      )
    }
  }

  /** One pass; answers how many messages were tried. */
  async function deliverDue(): Promise<number> {
    const gateways = await deps.gateways()
    const channels = (Object.keys(gateways) as Channel[]).filter((c) => gateways[c])
    if (channels.length === 0) return 0
    const settled = await settleAbandoned(db, channels, clock)
    if (settled) log.warn({ settled }, 'outbox: abandoned or expired messages marked failed')
    let tried = 0
    while (!stopped) {
      const rows = await claimDue(db, 10, channels, clock)
      if (rows.length === 0) return tried
      tried += rows.length
      const results = await Promise.allSettled(rows.map((row) => deliver(gateways, row)))
      for (const r of results) {
        if (r.status === 'rejected') log.error({ err: r.reason }, 'outbox delivery failed')
      }
    }
    return tried
  }

  return {
    deliverDue,

    start() {
      job = startIntervalJob({
        name: 'message-outbox',
        everyMs: OUTBOX_EVERY_MS,
        runAtStart: true,
        // A wake-up during a run may concern a row the run already looked past: run once more.
        run: async () => {
          do {
            again = false
            await deliverDue()
          } while (again && !stopped)
        },
        log,
      })
    },

    /**
     * One full pass now, resolving when it is done; with the worker started, it runs as one of
     * its own runs, after the one under way, so no pass of this instance is still sending then.
     * Tests use it to check that "nothing more is sent" without waiting for a tick.
     */
    async runOnce(): Promise<void> {
      if (job) await job.runFresh()
      else await deliverDue()
    },

    /** A message was committed (order event, e-mail): deliver now (never awaited by the caller). */
    wake() {
      if (!job || stopped) return
      again = true
      void job.runNow()
    },

    /** Waits for the sends under way, so a graceful restart leaves no claim behind. */
    async stop() {
      stopped = true
      await job?.stop()
    },
  }
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>
