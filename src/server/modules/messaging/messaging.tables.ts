/**
 * The messaging module's table: the outbox of WhatsApp notices and e-mails.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

/**
 * Messages waiting to be sent, WhatsApp or e-mail (`channel`). Written in the same transaction
 * as the change that caused them; `dedupeKey` makes one event one message however often it is
 * written. For an e-mail, `toNumber` holds the address, `body` the plain text.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    channel: text('channel', { enum: ['whatsapp', 'email'] })
      .notNull()
      .default('whatsapp'),
    toNumber: text('to_number').notNull(),
    /** E-mail only. */
    subject: text('subject'),
    body: text('body').notNull(),
    /** E-mail only: the HTML part beside the plain text of `body`. */
    html: text('html'),
    /**
     * Newsletters only: the one-click unsubscribe address sent as `List-Unsubscribe` with
     * `List-Unsubscribe-Post` (RFC 8058). Null on every transactional e-mail.
     */
    unsubscribeUrl: text('unsubscribe_url'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; a crashed worker's claim simply runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_outbox_dedupe_unique').on(t.dedupeKey),
    index('message_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
)
