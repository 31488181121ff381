/**
 * The subscriptions module's tables: the clube's plans, each buyer's subscription, and one row
 * per charged cycle (the renewal job's claim: a cycle is charged at most once, decision 025).
 * Other modules reach these rows only through this module's service (decision 009).
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  PLAN_INTERVALS,
  SUBSCRIPTION_METHODS,
  SUBSCRIPTION_STATUSES,
  type PlanGrants,
} from '../../../contracts/subscriptions.js'
import { createdAt, leaseColumns } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
import { orders } from '../orders/orders.tables.js'

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Per interval, in centavos (decision 002). */
    priceCents: integer('price_cents').notNull(),
    interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
    /** What it opens: every product, some categories, or a list of products. */
    grants: jsonb('grants').$type<PlanGrants>().notNull(),
    /** Downloads of each granted material per period. */
    downloadsPerMaterial: integer('downloads_per_material').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Optional cover: an image address the admin gives (the catalogue's or another). */
    imageUrl: text('image_url'),
    /** A plan with subscribers is hidden rather than deleted: their history names it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_price_positive', sql`${t.priceCents} > 0`),
    check('plans_downloads_positive', sql`${t.downloadsPerMaterial} >= 1`),
  ],
)

export const subscriptions = pgTable(
  'subscriptions',
  {
    /** Random like an order id: knowing one tells nothing about another. */
    id: text('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    customerWhatsapp: text('customer_whatsapp').notNull().default(''),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pendente'),
    method: text('method', { enum: SUBSCRIPTION_METHODS }).notNull(),
    /** What the next cycle charges: the plan's price when she subscribed or was last told. */
    priceCents: integer('price_cents').notNull(),
    /**
     * A new price she was told of by e-mail (CDC: no surprise charge), charged from cycle
     * `nextPriceFromCycle` on; until then `priceCents`.
     */
    nextPriceCents: integer('next_price_cents'),
    nextPriceFromCycle: integer('next_price_from_cycle'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The first cycle's payment: the 7 days of withdrawal (CDC art. 49) count from it. */
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    /** She cancelled: no further charge; access lasts until `currentPeriodEnd`. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** PIX Automático: the authorisation's id at the provider (revoked on cancel). */
    providerSubscriptionId: text('provider_subscription_id'),
    providerName: text('provider_name'),
    /**
     * The payer's CPF/CNPJ (digits) given at subscription, for the renewals of a provider that
     * charges only with it (Asaas) and for PIX Automático. Personal data: exported and erased
     * with the rest (privacy module, decision 015).
     */
    taxId: text('tax_id'),
    /** The revoke at the provider failed when she cancelled: the renewal job tries again. */
    revokePendingAt: timestamp('revoke_pending_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_email_idx').on(t.email),
    index('subscriptions_status_end_idx').on(t.status, t.currentPeriodEnd),
    // One pending try per plan and account, or e-mail for a guest (decision 030): a new
    // 'Assinar' replaces the pending one (subscribe.ts).
    uniqueIndex('subscriptions_one_pending')
      .on(t.planId, sql`coalesce(${t.userId}::text, ${t.email})`)
      .where(sql`${t.status} = 'pendente'`),
    check('subscriptions_price_positive', sql`${t.priceCents} > 0`),
  ],
)

/**
 * One row per cycle charged (`cycle` 1 is the first payment). The renewal job inserts the next
 * cycle's row and claims it; the order it places is written here, so a restart or a second
 * instance finds the cycle charged and never places another.
 */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    id: serial('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    status: text('status', { enum: ['pending', 'charged', 'paid', 'free'] })
      .notNull()
      .default('pending'),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    ...leaseColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_cycles_unique').on(t.subscriptionId, t.cycle),
    index('subscription_cycles_order_idx').on(t.orderId),
  ],
)
