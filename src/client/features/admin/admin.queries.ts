import { queryOptions } from '@tanstack/react-query'
import type { Product } from '../../../contracts/products'
import { HttpError, apiJson } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'
import type {
  AdminAnalytics,
  AdminOrder,
  AdminProductLight,
  AdminSetting,
  AdminUser,
  DownloadStat,
} from '../../../contracts/admin'
import type { AdminCanvaLink, WhatsappConfig, WhatsappStatus } from './admin-types'

// SPEC.md sections 7 and 9: every key is its URL; the light list waits up to 60 s.
const LIGHT_TIMEOUT_MS = 60_000
const STATUS_POLL_MS = 5_000

const list = <T>(url: string) =>
  queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson<T>(url, { signal }),
  })

/** A non-empty array, or one of the errors of SPEC.md section 8 ('No products found', ...). */
export const lightProductsQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/products-light'],
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

export const adminProductsQuery = () => list<Product[]>('/api/admin/products')
export const analyticsQuery = () => list<AdminAnalytics>('/api/admin/analytics')
export const adminOrdersQuery = () => list<AdminOrder[]>('/api/admin/orders')
export const downloadsQuery = () => list<DownloadStat[]>('/api/admin/downloads')
export const adminSettingsQuery = () => list<AdminSetting[]>('/api/admin/settings')
export const whatsappConfigQuery = () => list<WhatsappConfig>('/api/admin/whatsapp-config')

/** Roles change under the admin's feet (another tab, another admin): always asked again. */
export const adminUsersQuery = () =>
  queryOptions({
    ...list<AdminUser[]>('/api/admin/users'),
    staleTime: 0,
    refetchOnMount: 'always',
  })

/** Polled every 5 s; an error means the integration is not set up, so no retries. */
export const whatsappStatusQuery = () =>
  queryOptions({
    ...list<WhatsappStatus>('/api/admin/whatsapp-status'),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  })

export const adminCanvaLinksQuery = () =>
  queryOptions({ ...list<AdminCanvaLink[]>('/api/admin/canva-links'), retry: false })

/** Every admin list a product write can change. */
export const PRODUCT_KEYS = [
  ['/api/admin/products-light'],
  ['/api/admin/products'],
  ['/api/admin/analytics'],
  ['/api/products'],
  ['/api/products/bestsellers'],
] as const
