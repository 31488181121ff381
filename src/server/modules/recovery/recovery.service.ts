import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.js'
import type { ReminderNotices } from '../messaging/messaging.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { recoveryOptOuts, recoveryReminders } from './recovery.tables.js'

/** Orders looked at per tick; the rest wait for the next minute. */
const BATCH = 100

export const OPT_OUT_PATH = '/lembretes/parar'

/**
 * Recovery of unpaid PIX: a pending PIX order gets a reminder (e-mail, and WhatsApp with a
 * gateway) `recovery_first_minutes` after it was placed and another `recovery_second_hours`
 * after, only while it can still be paid, once each, never after the buyer opted out. Each
 * reminder is claimed by inserting its (order, step) row in the transaction that writes the
 * messages, with the order row locked: two instances send it once, and a payment or a close
 * that comes at the same moment waits for that commit and still wins (nothing after it).
 */
export function createRecoveryService(deps: {
  db: Db
  settings: SettingsService
  orders: Pick<OrdersService, 'remindable' | 'lockRemindable' | 'lines'>
  reminders: ReminderNotices
  log: FastifyBaseLogger
  now?: () => Date
}) {
  const { db, settings, orders, log } = deps
  const clock = () => (deps.now ? deps.now().getTime() : Date.now())

  async function timing() {
    const values = await settings.all()
    return {
      enabled: values.recovery_enabled,
      firstMs: values.recovery_first_minutes * 60_000,
      secondMs: values.recovery_second_hours * 3_600_000,
    }
  }

  /** One reminder, claimed and written in one transaction; false when another took it. */
  async function sendOne(orderId: string, step: number, nowMs: number): Promise<boolean> {
    // Read before the transaction: PGlite runs one query at a time.
    const lines = await orders.lines(orderId)
    const writer = await deps.reminders.prepare()
    return db.transaction(async (tx) => {
      const order = await orders.lockRemindable(tx, orderId, nowMs)
      if (!order) return false
      const [optOut] = await tx
        .select()
        .from(recoveryOptOuts)
        .where(eq(recoveryOptOuts.orderId, orderId))
      if (optOut?.optedOutAt) return false
      const claimed = await tx
        .insert(recoveryReminders)
        .values({ orderId, step })
        .onConflictDoNothing()
        .returning({ step: recoveryReminders.step })
      if (claimed.length === 0) return false
      await tx
        .insert(recoveryOptOuts)
        .values({ orderId, token: randomBytes(24).toString('base64url') })
        .onConflictDoNothing({ target: recoveryOptOuts.orderId })
      const [row] = await tx
        .select({ token: recoveryOptOuts.token })
        .from(recoveryOptOuts)
        .where(eq(recoveryOptOuts.orderId, orderId))
      const path = `${OPT_OUT_PATH}?t=${encodeURIComponent(row!.token)}`
      const channels = await writer.remind(tx, order, lines, step, path)
      if (channels.length === 0) {
        // No contact to write to: the claim goes too, so the report counts only real reminders.
        throw new NoContact()
      }
      return true
    })
  }

  return {
    /**
     * Sends the reminders due at the clock's now (the job runs it every minute; tests call it).
     * Answers how many were sent.
     */
    async runDue(): Promise<number> {
      const { enabled, firstMs, secondMs } = await timing()
      if (!enabled) return 0
      const nowMs = clock()
      const candidates = await orders.remindable(nowMs, new Date(nowMs - firstMs), BATCH)
      if (candidates.length === 0) return 0
      const ids = candidates.map((o) => o.id)
      const [done, optedOut] = await Promise.all([
        db
          .select({ orderId: recoveryReminders.orderId, step: recoveryReminders.step })
          .from(recoveryReminders)
          .where(inArray(recoveryReminders.orderId, ids)),
        db
          .select({ orderId: recoveryOptOuts.orderId })
          .from(recoveryOptOuts)
          .where(and(inArray(recoveryOptOuts.orderId, ids), isNotNull(recoveryOptOuts.optedOutAt))),
      ])
      const sent = new Set(done.map((r) => `${r.orderId}:${r.step}`))
      const stopped = new Set(optedOut.map((r) => r.orderId))
      let count = 0
      for (const order of candidates) {
        if (stopped.has(order.id)) continue
        // Past the second mark only the second is due: a late first one would come right before it.
        const step = nowMs - order.createdAt.getTime() >= secondMs ? 2 : 1
        if (sent.has(`${order.id}:${step}`)) continue
        if (!order.customerEmail.trim() && !order.customerWhatsapp.trim()) continue
        try {
          if (await sendOne(order.id, step, nowMs)) count++
        } catch (err) {
          if (err instanceof NoContact) continue
          log.error({ err, orderId: order.id }, 'recovery reminder failed')
        }
      }
      if (count > 0) deps.reminders.flush()
      return count
    },

    /** The buyer's one tap: no further reminder for that order. False for an unknown token. */
    async optOut(token: string): Promise<boolean> {
      if (!token || token.length > 100) return false
      const rows = await db
        .update(recoveryOptOuts)
        .set({ optedOutAt: sql`coalesce(${recoveryOptOuts.optedOutAt}, now())` })
        .where(eq(recoveryOptOuts.token, token))
        .returning({ orderId: recoveryOptOuts.orderId })
      return rows.length > 0
    },
  }
}

/** Thrown inside the transaction to drop a claim that found nobody to write to. */
class NoContact extends Error {}

export type RecoveryService = ReturnType<typeof createRecoveryService>
