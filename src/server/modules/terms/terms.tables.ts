/**
 * The terms module's table: each distinct text of the terms the store ever showed at checkout,
 * once (by its hash). An order references the version its buyer agreed to.
 */
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

export const termsVersions = pgTable('terms_versions', {
  id: serial('id').primaryKey(),
  /** sha256 of `text`: the same text is one version, however many orders agreed to it. */
  hash: text('hash').notNull().unique(),
  text: text('text').notNull(),
  createdAt: createdAt(),
})
