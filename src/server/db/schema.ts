/**
 * The whole domain in one schema. Money columns are integer centavos (`*_cents`). Ids that a
 * stranger could guess their way through (orders, sessions) are random text; catalogue ids are
 * serial integers because SPEC.md's screens and links use numbers.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

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

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    category: text('category').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** A Canva or other external link delivered instead of (or besides) files. */
    externalLink: text('external_link'),
    canvaTemplateId: text('canva_template_id'),
    /** Set when a product with buyers is deleted: hidden everywhere, files kept for the buyers. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check('products_free_costs_nothing', sql`NOT ${t.isFree} OR ${t.priceCents} = 0`),
    index('products_active_idx').on(t.isActive, t.createdAt),
  ],
)

/** Position 0 is the cover; 1.. are the additional images in gallery order. */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Storage key of each WebP variant, by variant name (thumb, card, full). */
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    /** Content hash of the source image: the ETag and the cache-busting `v`. */
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_images_position_unique').on(t.productId, t.position)],
)

/** Position 0 is the main download; 1.. are the additional files. */
export const productFiles = pgTable(
  'product_files',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_files_position_unique').on(t.productId, t.position)],
)

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /**
     * The cart's key: the guest's X-Session-ID, or `user:<userId>` for a logged-in buyer's cart,
     * so the (session_id, product_id) unique index also keeps one line per product per user.
     */
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The last emergency add's timestamp: a retry carrying it again adds nothing more. */
    lastAddKey: text('last_add_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
    uniqueIndex('cart_items_session_product_unique').on(t.sessionId, t.productId),
    index('cart_items_user_idx').on(t.userId),
  ],
)

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

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
    totalCents: integer('total_cents').notNull(),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_total_non_negative', sql`${t.totalCents} >= 0`),
    index('orders_email_idx').on(t.customerEmail),
    index('orders_user_idx').on(t.userId),
    index('orders_status_created_idx').on(t.status, t.createdAt),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Name and price as they were when bought; later edits do not rewrite history. */
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} >= 1`),
    index('order_items_order_idx').on(t.orderId),
  ],
)

export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Unique: paying an order twice, or twice at once, cannot create a second purchase. */
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    downloadCount: integer('download_count').notNull().default(0),
    maxDownloads: integer('max_downloads').notNull(),
    /** Set when the order is refunded or cancelled: downloads stop at once. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchases_order_item_unique').on(t.orderItemId),
    check('purchases_quota', sql`${t.downloadCount} <= ${t.maxDownloads}`),
    index('purchases_user_idx').on(t.userId),
    index('purchases_email_idx').on(t.customerEmail),
  ],
)

export const downloadLog = pgTable(
  'download_log',
  {
    id: serial('id').primaryKey(),
    /** Null for a free product's download. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('download_log_product_idx').on(t.productId)],
)

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const canvaLinks = pgTable(
  'canva_links',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The purchase that granted it; unique so paying twice grants one link. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    templateId: text('template_id'),
    linkUrl: text('link_url').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('canva_links_purchase_unique').on(t.purchaseId),
    index('canva_links_user_idx').on(t.userId),
  ],
)

/**
 * WhatsApp messages waiting to be sent. Written in the same transaction as the order change
 * that caused them; `dedupeKey` makes one event one message however often it is written.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
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
