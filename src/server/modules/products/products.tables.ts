/**
 * The products module's tables: the catalogue as the owner edits it, with images and files.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
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
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** The 'de' price the owner may show beside the price; above it whenever set. */
    compareAtCents: integer('compare_at_cents'),
    category: text('category').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** A Canva or other external link delivered instead of (or besides) files. */
    externalLink: text('external_link'),
    canvaTemplateId: text('canva_template_id'),
    /**
     * Each buyer's PDFs carry their name, e-mail and order. Off for the products
     * that existed before; the create forms turn it on for new paid products.
     */
    stampPdf: boolean('stamp_pdf').notNull().default(false),
    /**
     * Who it is for and what it is (contracts/school.ts): BNCC codes as the BNCC writes them,
     * the store's short ids of years and components, one kind and one theme. The years and
     * components include those the codes imply (the service adds them at each write).
     */
    bncc: text('bncc')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    anos: text('anos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    componentes: text('componentes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tipo: text('tipo'),
    tema: text('tema'),
    /**
     * Pages of the material (the product page says them): the owner's number, or else the one
     * read from its main PDF at upload (`paginasFromPdf`, so a new PDF may replace it and the
     * form can say where it came from).
     */
    paginas: integer('paginas'),
    paginasFromPdf: boolean('paginas_from_pdf').notNull().default(false),
    /** The pages drawn as 'Veja por dentro' (modules/previews), 1 to 6 of them, ascending. */
    previewPages: integer('preview_pages')
      .array()
      .notNull()
      .default(sql`'{1,2,3}'::integer[]`),
    /** Seeded with a new store (seed/demo-catalog.ts): one tap removes it (store/demo-removal.ts). */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Set when a product with buyers is deleted: hidden everywhere, files kept for the buyers. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check('products_free_costs_nothing', sql`NOT ${t.isFree} OR ${t.priceCents} = 0`),
    check(
      'products_compare_at_above_price',
      sql`${t.compareAtCents} IS NULL OR ${t.compareAtCents} > ${t.priceCents}`,
    ),
    index('products_active_idx').on(t.isActive, t.createdAt),
    check('products_paginas_positive', sql`${t.paginas} IS NULL OR ${t.paginas} > 0`),
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

/**
 * A kit's contents: each product it includes (a kit never includes itself or another kit; the
 * products service checks that). What a buyer gets is snapshotted on the order line when bought.
 */
export const productBundleItems = pgTable(
  'product_bundle_items',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.productId] }),
    index('product_bundle_items_product_idx').on(t.productId),
    check('product_bundle_items_not_self', sql`${t.bundleId} <> ${t.productId}`),
  ],
)

/** Order bumps: up to 3 other products a product offers at checkout, each at a special price. */
export const productBumps = pgTable(
  'product_bumps',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    bumpProductId: integer('bump_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    offerCents: integer('offer_cents').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.bumpProductId] }),
    check('product_bumps_not_self', sql`${t.productId} <> ${t.bumpProductId}`),
    check('product_bumps_offer_non_negative', sql`${t.offerCents} >= 0`),
  ],
)
