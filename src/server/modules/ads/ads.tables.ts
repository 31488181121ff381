/**
 * The ads module's table: the outbox of conversion events for the ad platforms (Meta, GA4,
 * TikTok). Written in the transaction that pays (or refunds) an order, one row per platform and
 * kind, so a doubled webhook writes nothing twice; sent by workers that claim rows (db/claims.ts)
 * and never take one again once its lease ran out (an event may have gone out: at most once).
 * Other modules reach these rows only through this module's service (decision 009).
 */
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, leaseColumns } from '../../db/columns.js'

export const AD_PLATFORMS = ['meta', 'ga4', 'tiktok'] as const
export type AdPlatform = (typeof AD_PLATFORMS)[number]

export const adEvents = pgTable(
  'ad_events',
  {
    id: serial('id').primaryKey(),
    /** Not a foreign key: an order's events outlive nothing, and the row keeps what was sent. */
    orderId: text('order_id').notNull(),
    platform: text('platform', { enum: AD_PLATFORMS }).notNull(),
    kind: text('kind', { enum: ['purchase', 'refund'] }).notNull(),
    /** The platform's request body, built when written (values as they were when paid). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    ...leaseColumns(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ad_events_once').on(t.orderId, t.platform, t.kind),
    index('ad_events_due_idx').on(t.status, t.nextAttemptAt),
  ],
)

/** Attempts before an event is given up as failed (the admin sees it with its message). */
export const AD_EVENT_MAX_ATTEMPTS = 8
