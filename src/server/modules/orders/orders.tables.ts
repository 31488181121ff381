/**
 * The orders module's tables: orders and their lines, priced when placed.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Attribution } from '../../../contracts/attribution.js'
import { ORDER_CLOSED_REASONS, ORDER_STATUSES } from '../../../contracts/checkout.js'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
import { products } from '../products/products.tables.js'
import { termsVersions } from '../terms/terms.tables.js'

export const orders = pgTable(
  'orders',
  {
    /** Random, at least 128 bits: knowing one order id tells nothing about another. */
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The cart session that placed it: a guest's proof of ownership. */
    sessionId: text('session_id'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerWhatsapp: text('customer_whatsapp').notNull().default(''),
    customerAddress: text('customer_address'),
    /** What the buyer pays (the PIX's amount): the lines' sum minus `discountCents`. */
    totalCents: integer('total_cents').notNull(),
    /** What a coupon took off the lines' sum; the coupon's code as the buyer typed it. */
    discountCents: integer('discount_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: ['pix', 'card'] })
      .notNull()
      .default('pix'),
    /** static | mercadopago | demo */
    paymentProvider: text('payment_provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    pixCode: text('pix_code'),
    ticketUrl: text('ticket_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A PIX order not paid by then is cancelled (pix_expiry_minutes); null for card orders. */
    pixExpiresAt: timestamp('pix_expires_at', { withTimezone: true }),
    /**
     * Why it was closed, when that matters later: 'expired' (its PIX ran out, and a payment that
     * still arrives through the provider pays it), 'refund_request' (the buyer asked), 'admin'.
     */
    closedReason: text('closed_reason', { enum: ORDER_CLOSED_REASONS }),
    /**
     * When the buyer's name, e-mail, WhatsApp and address were replaced (an erasure request, or
     * an unpaid order past its retention); amounts, items and payment ids stay for the books.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * A clube cycle's charge: the subscription it pays (subscriptions module). No foreign key:
     * the subscriptions' tables point at orders, not the other way round.
     */
    subscriptionId: text('subscription_id'),
    /** Where the buyer came from (campaign tags, click ids, referrer host); null: 'direto'. */
    attribution: jsonb('attribution').$type<Attribution>(),
    /** The buyer accepted the ad cookies: only then does personal data go to the ad platforms. */
    adsConsent: boolean('ads_consent').notNull().default(false),
    /**
     * With that consent only: what the ad platforms match a buyer by besides e-mail and phone
     * (address, browser, Meta's fbp/fbc). Erased with the buyer's other data.
     */
    adContext: jsonb('ad_context').$type<AdContext>(),
    /**
     * 'Quero nota fiscal': the buyer's CPF or CNPJ (digits) and, for a CNPJ, the company's name.
     * Null on every order that did not ask (the privacy page says so).
     */
    invoiceTaxId: text('invoice_tax_id'),
    invoiceCompanyName: text('invoice_company_name'),
    /** The terms the buyer agreed to at checkout, as they were then (terms module). */
    termsVersionId: integer('terms_version_id').references(() => termsVersions.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_total_non_negative', sql`${t.totalCents} >= 0`),
    check('orders_discount_non_negative', sql`${t.discountCents} >= 0`),
    index('orders_email_idx').on(t.customerEmail),
    index('orders_user_idx').on(t.userId),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // The sales dashboard reads paid orders by the day they were paid.
    index('orders_paid_at_idx').on(t.paidAt),
    // The admin's orders list, newest first, a page at a time (keyset on created_at, id).
    index('orders_created_idx').on(t.createdAt, t.id),
  ],
)

/** The browser a consenting buyer ordered from, as the ad platforms' matching asks it. */
export interface AdContext {
  ip?: string
  userAgent?: string
  /** Meta's browser id cookie `_fbp`, and click id `_fbc` (or one made from the fbclid). */
  fbp?: string
  fbc?: string
}

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null on a clube subscription's line, which names its plan instead. */
    productId: integer('product_id').references(() => products.id),
    /** The clube plan a subscription's line charges (subscriptions module); null otherwise. */
    planId: integer('plan_id'),
    /** Name and price as they were when bought; later edits do not rewrite history. */
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Taken as an order bump of this product (at its offer price); null for a plain line. */
    bumpFor: integer('bump_for'),
    /** A kit's contents when it was bought: each is granted as its own purchase. */
    bundleProductIds: integer('bundle_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_items_product_or_plan', sql`(${t.productId} IS NULL) <> (${t.planId} IS NULL)`),
    index('order_items_order_idx').on(t.orderId),
  ],
)
