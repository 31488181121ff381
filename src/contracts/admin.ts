/** What the administration's calls take and answer (SPEC.md sections 3 and 7). */
import { z } from 'zod'
import { AttributionShape } from './attribution.js'
import { SessionUser } from './accounts.js'
import { OrderSummary, PaymentMode } from './checkout.js'
import { PAGE_TEXT_MAX } from './default-pages.js'

/** GET /api/admin/products-light: every product not deleted, inactive ones too, newest first. */
export const AdminProductLight = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "19.90" */
  price: z.string(),
  category: z.string(),
  isActive: z.boolean(),
  imageUrl: z.string(),
  createdAt: z.string(),
  /**
   * How many accounts keep it in 'Favoritos' (a guest's browser list is not counted); the admin
   * route adds it to the products module's rows, so those leave it out.
   */
  favoritedBy: z.number().int().optional(),
})
export type AdminProductLight = z.infer<typeof AdminProductLight>

/** GET /api/admin/orders (and analytics' recentOrders): an order with its lines. */
export const AdminOrder = OrderSummary.extend({
  customerWhatsapp: z.string(),
  paymentProvider: z.string(),
  paidAt: z.string().nullable(),
  /** Why it was closed: 'expired' (its PIX ran out; a late payment may still be confirmed)… */
  closedReason: z.string().nullable(),
  /** Where the buyer came from (contracts/attribution.ts); null for a direct order. */
  attribution: AttributionShape,
  /** 'source / medium / campaign' as the admin reads it; 'direto' without attribution. */
  source: z.string(),
  /** Whether a payment confirmed now pays it: the server's one rule (orders/order-states.ts). */
  confirmable: z.boolean(),
})
export type AdminOrder = z.infer<typeof AdminOrder>

/**
 * GET /api/admin/orders and /users (`?before=`): newest first, a page at a time. `before` is the
 * id of the last row shown; a page shorter than ADMIN_LIST_PAGE is the last.
 */
export const ADMIN_LIST_PAGE = 100
export const AdminOrdersQuery = z.object({ before: z.string().min(1).max(64).optional() })
export const AdminUsersQuery = z.object({ before: z.uuid().optional() })

/** GET /api/admin/users: never a password hash. */
export const AdminUser = SessionUser.omit({ profileImageUrl: true, emailVerified: true }).extend({
  isActive: z.boolean(),
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof AdminUser>

/** GET /api/admin/analytics. */
export const AdminAnalytics = z.object({
  totals: z.object({
    users: z.number().int(),
    products: z.number().int(),
    orders: z.number().int(),
    revenue: z.string(),
  }),
  /** Orders whose buyer said she paid ('Já paguei'): only the owner can confirm them. */
  awaitingConfirmation: z.number().int(),
  /** Refunds under the store's own key whose money the owner has not yet sent back. */
  refundsToSend: z.number().int(),
  recentOrders: z.array(AdminOrder),
  /** Products per category and what their paid sales brought in. */
  productStats: z.array(
    z.object({ category: z.string(), count: z.number().int(), revenue: z.string() }),
  ),
})
export type AdminAnalytics = z.infer<typeof AdminAnalytics>

/** GET /api/admin/payment-mode: what the banner and the demo switch of /admin show. */
export const AdminPaymentMode = z.object({ mode: PaymentMode })
export type AdminPaymentMode = z.infer<typeof AdminPaymentMode>

/** GET /api/admin/downloads, one row per product that exists or has buyers. */
export const DownloadStat = z.object({
  productId: z.number().int(),
  productName: z.string(),
  totalPurchases: z.number().int(),
  totalDownloads: z.number().int(),
})
export type DownloadStat = z.infer<typeof DownloadStat>

/** GET /api/admin/settings; a secret's value is masked ('••••1234'). */
export const AdminSetting = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  description: z.string(),
  category: z.string(),
})
export type AdminSetting = z.infer<typeof AdminSetting>

/** POST /api/test-upload, the diagnostics probe: what arrived; files are counted, never kept. */
export const TestUploadAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  contentType: z.string().nullable(),
  /** A JSON body as it came, or the multipart form's text fields. */
  fields: z.unknown(),
  files: z.array(
    z.object({
      field: z.string(),
      fileName: z.string(),
      mimeType: z.string(),
      size: z.number().int(),
    }),
  ),
})
export type TestUploadAnswer = z.infer<typeof TestUploadAnswer>

export const ToggleBody = z.object({
  /** Absent: the product's state is flipped. */
  isActive: z.boolean({ error: 'isActive deve ser verdadeiro ou falso' }).optional(),
})

export const OrderStatusBody = z.object({
  status: z.enum(['pending', 'paid', 'cancelled', 'refunded'], {
    error: 'Status inválido: use pending, paid, cancelled ou refunded',
  }),
  /**
   * `refunded` goes through the same refund as 'Reembolsar': with the store's own PIX key the
   * owner confirms here that the money went back (as the dialog's tick box).
   */
  moneyReturned: z.boolean({ error: 'moneyReturned deve ser verdadeiro ou falso' }).optional(),
})

export const UserRoleBody = z.object({
  role: z.enum(['user', 'superadmin'], { error: 'Papel inválido: use user ou superadmin' }),
})

export const UserIdParams = z.object({ id: z.uuid({ error: 'Usuário não encontrado' }) })

/** POST /api/admin/settings; description and category are the store's own, not the client's. */
export const SettingBody = z.object({
  key: z
    .string({ error: 'Informe a configuração' })
    .trim()
    .min(1, { error: 'Informe a configuração' }),
  value: z
    .union([z.string(), z.number(), z.boolean()], { error: 'Informe o valor' })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .max(PAGE_TEXT_MAX, { error: `Valor longo demais (máximo ${PAGE_TEXT_MAX} caracteres)` }),
    ),
  description: z.string().optional(),
  category: z.string().optional(),
})

/** GET /api/admin/order-bumps: how often each order bump was taken in paid orders. */
export const BumpStat = z.object({
  forProductId: z.number().int(),
  forProductName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  taken: z.number().int(),
  /** "19.90" */
  revenue: z.string(),
})
export type BumpStat = z.infer<typeof BumpStat>

/** GET /api/admin/recovery: what the reminders of unpaid PIX brought back. */
export const RecoveryReport = z.object({
  /** Orders that got at least one reminder. */
  reminded: z.number().int(),
  /** Reminders sent (first and second). */
  reminders: z.number().int(),
  /** Of those orders, paid after their first reminder. */
  paidAfter: z.number().int(),
  /** "19.90": what those orders paid. */
  revenue: z.string(),
  /** Buyers who tapped 'stop the reminders'. */
  optedOut: z.number().int(),
  /** Checkouts left half-way whose one reminder went out (with consent only). */
  abandonedEmailed: z.number().int(),
  /** Of those, the buyers who paid an order after it. */
  abandonedRecovered: z.number().int(),
  /** "19.90": what those orders paid. */
  abandonedRevenue: z.string(),
})
export type RecoveryReport = z.infer<typeof RecoveryReport>
