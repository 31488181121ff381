import { queryOptions } from '@tanstack/react-query'
import type { AdminProduct } from '../../../contracts/products'
import type { AdminRefund } from '../../../contracts/refunds'
import type { StampFallbackCount } from '../../../contracts/stamping'
import type {
  AdminAnalytics,
  AdminOrder,
  AdminPaymentMode,
  AdminProductLight,
  AdminSetting,
  AdminUser,
  DownloadStat,
} from '../../../contracts/admin'
import type {
  AdminCanvaLink,
  AdminEmails,
  WhatsappConfig,
  WhatsappStatus,
} from '../../../contracts/messaging'
import { HttpError, apiJson } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'

// SPEC.md sections 7 and 9: the light list waits up to 60 s, the status is polled every 5 s.
const LIGHT_TIMEOUT_MS = 60_000
const STATUS_POLL_MS = 5_000

/**
 * Everything the panel reads starts with 'admin'; a write invalidates the prefix of what it
 * changed (`products` covers the light list and the full one).
 */
export const adminKeys = {
  all: ['admin'] as const,
  products: () => [...adminKeys.all, 'products'] as const,
  lightProducts: () => [...adminKeys.products(), 'light'] as const,
  fullProducts: () => [...adminKeys.products(), 'full'] as const,
  stampFallbacks: () => [...adminKeys.products(), 'stamp-fallbacks'] as const,
  analytics: () => [...adminKeys.all, 'analytics'] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  downloads: () => [...adminKeys.all, 'downloads'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  paymentMode: () => [...adminKeys.all, 'payment-mode'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  whatsappConfig: () => [...adminKeys.all, 'whatsapp', 'config'] as const,
  whatsappStatus: () => [...adminKeys.all, 'whatsapp', 'status'] as const,
  canvaLinks: () => [...adminKeys.all, 'canva-links'] as const,
  emails: () => [...adminKeys.all, 'emails'] as const,
  refunds: () => [...adminKeys.all, 'refunds'] as const,
}

const list = <T>(queryKey: readonly unknown[], url: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiJson<T>(url, { signal }),
  })

/** A non-empty array, or one of the errors of SPEC.md section 8 ('No products found', ...). */
export const lightProductsQuery = () =>
  queryOptions({
    queryKey: adminKeys.lightProducts(),
    queryFn: async ({ signal }) => {
      const timer = withTimeout(signal, LIGHT_TIMEOUT_MS)
      let answer: unknown
      try {
        answer = await apiJson<unknown>('/api/admin/products-light', { signal: timer.signal })
      } catch (error) {
        if (timer.timedOut()) throw new Error('Request timeout')
        if (error instanceof HttpError) throw new Error(error.message || `HTTP ${error.status}`)
        if (error instanceof TypeError) throw new Error('Network error')
        throw error
      }
      if (!Array.isArray(answer) || answer.length === 0) throw new Error('No products found')
      return answer as AdminProductLight[]
    },
    // An empty catalogue or a refusal will not change by asking again at once.
    retry: (count, error) => count < 1 && error.message !== 'No products found',
  })

export const adminProductsQuery = () =>
  list<AdminProduct[]>(adminKeys.fullProducts(), '/api/admin/products')
/** Copies delivered without a stamp, by product and reason; under products, so a write refreshes it. */
export const stampFallbacksQuery = () =>
  list<StampFallbackCount[]>(adminKeys.stampFallbacks(), '/api/admin/stamping/fallbacks')
export const analyticsQuery = () =>
  list<AdminAnalytics>(adminKeys.analytics(), '/api/admin/analytics')
export const adminOrdersQuery = () => list<AdminOrder[]>(adminKeys.orders(), '/api/admin/orders')
export const downloadsQuery = () =>
  list<DownloadStat[]>(adminKeys.downloads(), '/api/admin/downloads')
export const adminSettingsQuery = () =>
  list<AdminSetting[]>(adminKeys.settings(), '/api/admin/settings')
/** Demo, static PIX, Mercado Pago or none: the banner on every tab and the demo switch. */
export const paymentModeQuery = () =>
  list<AdminPaymentMode>(adminKeys.paymentMode(), '/api/admin/payment-mode')
export const whatsappConfigQuery = () =>
  list<WhatsappConfig>(adminKeys.whatsappConfig(), '/api/admin/whatsapp-config')

/** Roles change under the admin's feet (another tab, another admin): always asked again. */
export const adminUsersQuery = () =>
  queryOptions({
    ...list<AdminUser[]>(adminKeys.users(), '/api/admin/users'),
    staleTime: 0,
    refetchOnMount: 'always',
  })

/** Polled every 5 s; an error means the integration is not set up, so no retries. */
export const whatsappStatusQuery = () =>
  queryOptions({
    ...list<WhatsappStatus>(adminKeys.whatsappStatus(), '/api/admin/whatsapp-status'),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  })

export const adminCanvaLinksQuery = () =>
  queryOptions({
    ...list<AdminCanvaLink[]>(adminKeys.canvaLinks(), '/api/admin/canva-links'),
    retry: false,
  })

/** The outbox's e-mails; asked again now and then, as the worker sends them in the background. */
export const adminEmailsQuery = () =>
  queryOptions({
    ...list<AdminEmails>(adminKeys.emails(), '/api/admin/emails'),
    refetchInterval: STATUS_POLL_MS,
  })

export const adminRefundsQuery = () =>
  list<AdminRefund[]>(adminKeys.refunds(), '/api/admin/refunds')
