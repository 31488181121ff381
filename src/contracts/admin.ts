/** What the administration's calls take and answer (SPEC.md sections 3 and 7). */
import { z } from 'zod'
import type { OrderSummary } from './checkout.js'

/** GET /api/admin/products-light: every product not deleted, inactive ones too, newest first. */
export interface AdminProductLight {
  id: number
  name: string
  /** "19.90" */
  price: string
  category: string
  isActive: boolean
  imageUrl: string
  createdAt: string
}

/** GET /api/admin/orders (and analytics' recentOrders): an order with its lines. */
export interface AdminOrder extends OrderSummary {
  customerWhatsapp: string
  paymentProvider: string
  paidAt: string | null
}

/** GET /api/admin/users: never a password hash. */
export interface AdminUser {
  id: string
  firstName: string
  lastName: string
  email: string
  whatsapp: string
  role: 'user' | 'superadmin'
  isActive: boolean
  createdAt: string
}

export interface AdminAnalytics {
  totals: { users: number; products: number; orders: number; revenue: string }
  recentOrders: AdminOrder[]
  /** Products per category and what their paid sales brought in. */
  productStats: { category: string; count: number; revenue: string }[]
}

/** GET /api/admin/downloads, one row per product that exists or has buyers. */
export interface DownloadStat {
  productId: number
  productName: string
  totalPurchases: number
  totalDownloads: number
}

/** GET /api/admin/settings; a secret's value is masked ('••••1234'). */
export interface AdminSetting {
  id: number
  key: string
  value: string
  description: string
  category: string
}

export const ToggleBody = z.object({
  /** Absent: the product's state is flipped. */
  isActive: z.boolean({ error: 'isActive deve ser verdadeiro ou falso' }).optional(),
})

export const OrderStatusBody = z.object({
  status: z.enum(['pending', 'paid', 'cancelled', 'refunded'], {
    error: 'Status inválido: use pending, paid, cancelled ou refunded',
  }),
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
    .pipe(z.string().max(2000, { error: 'Valor longo demais (máximo 2000 caracteres)' })),
  description: z.string().optional(),
  category: z.string().optional(),
})
