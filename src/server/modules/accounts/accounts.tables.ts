/**
 * The accounts module's tables: who can log in, their server-side sessions, and the password
 * reset links sent to them.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lowercase; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** Digits only, country code first (5511987654321). */
    whatsapp: text('whatsapp').notNull().default(''),
    role: text('role', { enum: ['user', 'superadmin'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    profileImageUrl: text('profile_image_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table does not leak live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_user_idx').on(t.userId)],
)

/** One 'Esqueci minha senha' link: single use, short-lived, kept only as a hash of its token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token: the table alone cannot reset anyone's password. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
)
