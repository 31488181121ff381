import { sql } from 'drizzle-orm'
import { STORE_TIME_ZONE, type PeriodQuery } from '../../../contracts/analytics.js'
import type { Attribution } from '../../../contracts/attribution.js'
import { sourceOf } from '../../../contracts/attribution.js'
import { ORDER_STATUS_LABELS, PAYMENT_PROVIDER_LABELS } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import { csvDocument, csvMoney } from '../../lib/csv.js'

const tz = sql.raw(`'${STORE_TIME_ZONE}'`)

const HEADER = [
  'Pedido',
  'Criado em',
  'Status',
  'Cliente',
  'E-mail',
  'WhatsApp',
  'Itens',
  'Subtotal',
  'Desconto',
  'Total',
  'Cupom',
  'Pagamento',
  'Provedor',
  'Pago em',
  'Origem',
  'Mídia',
  'Campanha',
]

// A spreadsheet shows the owner's words, never a code name ('PIX da loja', not 'static').
const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value

/**
 * GET /api/admin/orders.csv: the orders placed in the period (days in the store's time zone),
 * newest first, in one query, written by the store's CSV writer (lib/csv.ts).
 */
export async function ordersCsv(db: Db, period: PeriodQuery): Promise<string> {
  const result = (await db.execute(sql`
    SELECT o.id, to_char(o.created_at AT TIME ZONE ${tz}, 'DD/MM/YYYY HH24:MI') AS created,
      o.status, o.customer_name, o.customer_email, o.customer_whatsapp,
      o.total_cents, o.discount_cents, o.coupon_code, o.payment_method, o.payment_provider,
      to_char(o.paid_at AT TIME ZONE ${tz}, 'DD/MM/YYYY HH24:MI') AS paid, o.attribution,
      (SELECT string_agg(CASE WHEN i.quantity > 1 THEN i.quantity || '× ' ELSE '' END
         || i.product_name, ', ' ORDER BY i.id) FROM order_items i WHERE i.order_id = o.id) AS items
    FROM orders o
    WHERE o.created_at >= ((${period.from}::date)::timestamp AT TIME ZONE ${tz})
      AND o.created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${tz})
    ORDER BY o.created_at DESC, o.id`)) as unknown as {
    rows: {
      id: string
      created: string
      status: string
      customer_name: string
      customer_email: string
      customer_whatsapp: string
      total_cents: number
      discount_cents: number
      coupon_code: string | null
      payment_method: string
      payment_provider: string
      paid: string | null
      attribution: Attribution | string | null
      items: string | null
    }[]
  }
  const rows = result.rows.map((r) => {
    // PGlite answers jsonb parsed, node-postgres too; a string is parsed once more.
    const a =
      typeof r.attribution === 'string' ? (JSON.parse(r.attribution) as Attribution) : r.attribution
    return [
      r.id,
      r.created,
      labelOf(ORDER_STATUS_LABELS, r.status),
      r.customer_name,
      r.customer_email,
      r.customer_whatsapp,
      r.items ?? '',
      csvMoney(Number(r.total_cents) + Number(r.discount_cents)),
      csvMoney(Number(r.discount_cents)),
      csvMoney(Number(r.total_cents)),
      r.coupon_code,
      r.payment_method === 'card' ? 'Cartão' : 'PIX',
      labelOf(PAYMENT_PROVIDER_LABELS, r.payment_provider),
      r.paid,
      sourceOf(a),
      a?.utm_medium ?? '',
      a?.utm_campaign ?? '',
    ]
  })
  return csvDocument(HEADER, rows)
}
