import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { orderItems, orders } from './orders.tables.js'

export type OrderRow = typeof orders.$inferSelect
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'status' | 'paidAt' | 'closedReason' | 'createdAt' | 'updatedAt'
>
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>

/** The row `order` is stored as (what `placeOrder` writes), known before it is written. */
export function storedOrder(order: NewOrder, now = new Date()): OrderRow {
  return {
    userId: null,
    sessionId: null,
    customerWhatsapp: '',
    customerAddress: null,
    paymentMethod: 'pix',
    providerPaymentId: null,
    pixCode: null,
    ticketUrl: null,
    discountCents: 0,
    couponCode: null,
    pixExpiresAt: null,
    subscriptionId: null,
    attribution: null,
    adsConsent: false,
    adContext: null,
    invoiceTaxId: null,
    invoiceCompanyName: null,
    termsVersionId: null,
    ...order,
    status: 'pending',
    paidAt: null,
    closedReason: null,
    anonymisedAt: null,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * Stores an order (`row`, from `storedOrder`), its lines and `also` (inserts of other tables
 * made with deferInserts: the order's notices) in ONE statement of data-modifying CTEs: atomic
 * without BEGIN/COMMIT, one round trip instead of six, which is most of a checkout's database
 * time. Inside a caller's transaction it simply joins it.
 */
export async function placeOrder(
  db: Db,
  row: OrderRow,
  lines: NewOrderLine[],
  also: SQL[] = [],
): Promise<void> {
  const now = row.createdAt
  const values = sql.join(
    lines.map(
      (l) =>
        sql`(${l.productId ?? null}::int, ${l.planId ?? null}::int, ${l.productName}::text, ${l.unitPriceCents}::int, ${l.quantity}::int, ${`{${(l.bundleProductIds ?? []).join(',')}}`}::integer[], ${l.bumpFor ?? null}::int)`,
    ),
    sql`, `,
  )
  // Column names as in schema.ts; a new NOT NULL column without a default must be added here.
  await db.execute(sql`
    WITH placed AS (
      INSERT INTO orders (id, user_id, session_id, customer_name, customer_email,
        customer_whatsapp, customer_address, total_cents, discount_cents, coupon_code,
        status, payment_method, payment_provider, provider_payment_id, pix_code, ticket_url,
        pix_expires_at, attribution, ads_consent, ad_context, invoice_tax_id, invoice_company_name,
        terms_version_id, subscription_id, created_at, updated_at)
      VALUES (${row.id}, ${row.userId}::uuid, ${row.sessionId}, ${row.customerName},
        ${row.customerEmail}, ${row.customerWhatsapp}, ${row.customerAddress}, ${row.totalCents},
        ${row.discountCents}, ${row.couponCode}, 'pending', ${row.paymentMethod},
        ${row.paymentProvider}, ${row.providerPaymentId}, ${row.pixCode}, ${row.ticketUrl},
        ${row.pixExpiresAt?.toISOString() ?? null}::timestamptz,
        ${row.attribution ? JSON.stringify(row.attribution) : null}::jsonb, ${row.adsConsent},
        ${row.adContext ? JSON.stringify(row.adContext) : null}::jsonb, ${row.invoiceTaxId},
        ${row.invoiceCompanyName}, ${row.termsVersionId}::int, ${row.subscriptionId},
        ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz)
      RETURNING id
    )${sql.join(
      also.map((statement, i) => sql`, ${sql.raw(`also_${i}`)} AS (${statement})`),
      sql``,
    )}
    INSERT INTO order_items (order_id, product_id, plan_id, product_name, unit_price_cents, quantity,
      bundle_product_ids, bump_for)
    SELECT placed.id, l.product_id, l.plan_id, l.product_name, l.unit_price_cents, l.quantity,
      l.bundle_product_ids, l.bump_for
    FROM placed, (VALUES ${values})
      AS l (product_id, plan_id, product_name, unit_price_cents, quantity, bundle_product_ids, bump_for)`)
}
