/**
 * The settings module's table: the owner's key/value settings.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the owner last saved it herself in the admin (null: the store's value, never hers). */
  ownerSavedAt: timestamp('owner_saved_at', { withTimezone: true }),
})
