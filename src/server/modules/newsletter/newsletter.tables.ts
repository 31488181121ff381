/**
 * The newsletter module's tables: who asked for news (double opt-in: consent, then the
 * confirmation), and each newsletter the owner composed, which is also the throttled job that
 * writes it to the outbox. Other modules reach them only through this module's service.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, leaseColumns } from '../../db/columns.js'

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Lower case: one row per address, whatever the case it was typed in. */
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    /** Where the box was ticked (LGPD: the record of consent says where and when). */
    source: text('source', { enum: ['checkout', 'signup', 'footer'] }).notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** The newsletter whose link ended it (the admin's unsubscribes per send). */
    unsubscribedFrom: integer('unsubscribed_from'),
    /** Random, the links' key (confirm, unsubscribe): no login needed, nothing guessable. */
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(t.email),
    uniqueIndex('newsletter_subscribers_token_unique').on(t.token),
    index('newsletter_subscribers_status_idx').on(t.status, t.id),
  ],
)

export const newsletters = pgTable('newsletters', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
  status: text('status', { enum: ['draft', 'sending', 'sent'] })
    .notNull()
    .default('draft'),
  recipients: integer('recipients').notNull().default(0),
  queued: integer('queued').notNull().default(0),
  /** The last subscriber id written to the outbox: the next batch starts after it. */
  cursor: integer('cursor').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  ...leaseColumns(),
  createdAt: createdAt(),
})
