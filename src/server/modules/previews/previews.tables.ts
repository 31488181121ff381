/**
 * The previews module's table: one row per product whose main file is a PDF, which is at once
 * the background job (claimed across instances, db/claims.ts) and the pages it drew. Other
 * modules reach it only through previews.service.ts.
 */
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, leaseColumns } from '../../db/columns.js'
import { products } from '../products/products.tables.js'

export const PREVIEW_ROW_STATUSES = ['pending', 'ready', 'failed'] as const

/** One drawn page as stored: its public image's key (the URL names it) and size. */
export interface StoredPreviewPage {
  page: number
  key: string
  width: number
  height: number
}

export const productPreviews = pgTable(
  'product_previews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * The main file's storage key it was (or is to be) drawn from: a new upload or version is a
     * new key, so a new preview; the same file and pages are never drawn twice.
     */
    sourceKey: text('source_key').notNull(),
    /** The pages chosen when it was queued (products.preview_pages). */
    pages: integer('pages').array().notNull(),
    /** pending: to draw (claimed while `locked_until`); ready: `images` hold it; failed: `reason`. */
    status: text('status', { enum: PREVIEW_ROW_STATUSES }).notNull().default('pending'),
    /** The owner's words for a failure (preview-reasons.ts). */
    reason: text('reason'),
    images: jsonb('images').$type<StoredPreviewPage[]>().notNull().default([]),
    /** The file's page count as pdf.js read it. */
    pageCount: integer('page_count'),
    ...leaseColumns(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_previews_product_unique').on(t.productId),
    index('product_previews_due_idx').on(t.status, t.nextAttemptAt),
    check(
      'product_previews_failed_has_reason',
      sql`${t.status} <> 'failed' OR ${t.reason} IS NOT NULL`,
    ),
  ],
)
