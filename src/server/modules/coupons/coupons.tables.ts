/**
 * The coupons module's tables: the coupons and the uses that orders hold of them.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { COUPON_TYPES } from '../../../contracts/coupons.js'
import { createdAt } from '../../db/columns.js'
import { orders } from '../orders/orders.tables.js'

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; unique without case. */
    code: text('code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    /** Percent 1–100, or centavos for a fixed coupon. */
    value: integer('value').notNull(),
    minCents: integer('min_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    /** Empty: every product. Product ids only (a deleted product simply never matches). */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The owner lets the store e-mail this code to the accounts that hearted a product it
     * covers (those with the newsletter's consent only). Off by default: a code made for one
     * person or one post is never announced.
     */
    announceToFavorites: boolean('announce_to_favorites').notNull().default(false),
    /**
     * Uses held now by pending and paid orders. Raised by the conditional UPDATE that claims a
     * use (the row lock makes simultaneous checkouts take turns), lowered when an order closes.
     */
    usesHeld: integer('uses_held').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    check('coupons_uses_held_non_negative', sql`${t.usesHeld} >= 0`),
  ],
)

export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** One use per order. */
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    discountCents: integer('discount_cents').notNull(),
    /** What the order charges after the discount (the coupon's revenue once paid). */
    totalCents: integer('total_cents').notNull(),
    /** The order was cancelled or expired: the use went back to the coupon. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_unique').on(t.orderId),
    index('coupon_uses_coupon_idx').on(t.couponId),
  ],
)
