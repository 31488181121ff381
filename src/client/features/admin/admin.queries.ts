import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ADMIN_LIST_PAGE, type AdminProductLight } from '../../../contracts/admin'
import type { AnswerOf, ApiRoute } from '../../../contracts/api-route'
import * as adminRoutes from '../../../contracts/api-routes/admin.routes'
import * as previewRoutes from '../../../contracts/api-routes/previews.routes'
import { HttpError, call } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'

// SPEC.md sections 7 and 9: the light list waits up to 60 s, the status is polled every 5 s.
const LIGHT_TIMEOUT_MS = 60_000
const STATUS_POLL_MS = 5_000
/** A preview takes seconds: the form looks again this often while it says 'Gerando prévia...'. */
const PREVIEW_POLL_MS = 3_000

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
  preview: (id: number) => [...adminKeys.products(), 'preview', id] as const,
  analytics: () => [...adminKeys.all, 'analytics'] as const,
  adsStatus: () => [...adminKeys.all, 'ads-status'] as const,
  sales: (from: string, to: string) => [...adminKeys.all, 'sales', from, to] as const,
  checklist: () => [...adminKeys.all, 'checklist'] as const,
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
  backups: () => [...adminKeys.all, 'backups'] as const,
  backupStatus: () => [...adminKeys.backups(), 'status'] as const,
  health: () => [...adminKeys.all, 'health'] as const,
  invoices: () => [...adminKeys.all, 'invoices'] as const,
  contactRequests: () => [...adminKeys.all, 'contact-requests'] as const,
}

/** A read of the panel with no parameters: its key and its route. */
const list = <R extends ApiRoute>(queryKey: readonly unknown[], route: R) =>
  queryOptions({
    queryKey,
    // Typed as a route without parameters or body, which each route given here is.
    queryFn: ({ signal }) => call(route as ApiRoute<'', undefined, AnswerOf<R>>, { signal }),
  })

/**
 * An admin list read a page at a time, newest first (`?before=` the last id shown: the server's
 * db/newest-first.ts): a page shorter than ADMIN_LIST_PAGE is the last.
 */
export function newestFirstQuery<R extends ApiRoute<string, undefined, { id: string }[]>>(
  queryKey: readonly unknown[],
  route: R,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      // Typed as a route without parameters or body, which each route given here is.
      call(route as unknown as ApiRoute<'', undefined, AnswerOf<R>>, {
        query: pageParam ? { before: pageParam } : {},
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page: AnswerOf<R>) =>
      page.length === ADMIN_LIST_PAGE ? page[page.length - 1]!.id : undefined,
  })
}

/** A non-empty array, or one of the errors of SPEC.md section 8 ('No products found', ...). */
export const lightProductsQuery = () =>
  queryOptions({
    queryKey: adminKeys.lightProducts(),
    queryFn: async ({ signal }) => {
      const timer = withTimeout(signal, LIGHT_TIMEOUT_MS)
      let answer: unknown
      try {
        answer = await call(adminRoutes.lightProducts, { signal: timer.signal })
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

export const adminProductsQuery = () => list(adminKeys.fullProducts(), adminRoutes.products)
/** Copies delivered without a stamp, by product and reason; under products, so a write refreshes it. */
export const stampFallbacksQuery = () =>
  list(adminKeys.stampFallbacks(), adminRoutes.stampFallbacks)
/** 'Prévia das páginas' of one product, read again every few seconds while it is drawn. */
export const adminPreviewQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.preview(id),
    queryFn: ({ signal }) => call(previewRoutes.adminPreview, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PREVIEW_POLL_MS : false),
  })
export const analyticsQuery = () => list(adminKeys.analytics(), adminRoutes.analytics)

/**
 * The sales dashboard's figures for a period; the previous period's stay on screen while the
 * next one loads.
 */
export const salesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.sales(from, to),
    queryFn: ({ signal }) => call(adminRoutes.salesAnalytics, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  })

/** What the server sent each ad platform; asked again every 30 s. */
export const adsStatusQuery = () =>
  queryOptions({
    ...list(adminKeys.adsStatus(), adminRoutes.adsStatus),
    refetchInterval: 30_000,
  })
/** The orders, newest first, a page at a time. */
export const adminOrdersQuery = () => newestFirstQuery(adminKeys.orders(), adminRoutes.orders)
export const downloadsQuery = () => list(adminKeys.downloads(), adminRoutes.downloads)
export const adminSettingsQuery = () => list(adminKeys.settings(), adminRoutes.settings)
export const backupsQuery = () => list(adminKeys.backups(), adminRoutes.backups)
export const healthQuery = () => list(adminKeys.health(), adminRoutes.health)
export const backupStatusQuery = () => list(adminKeys.backupStatus(), adminRoutes.backupStatus)
/** Demo, static PIX, Mercado Pago or none: the banner on every tab and the demo switch. */
export const paymentModeQuery = () => list(adminKeys.paymentMode(), adminRoutes.paymentMode)
export const whatsappConfigQuery = () =>
  list(adminKeys.whatsappConfig(), adminRoutes.whatsappConfig)

/** Roles change under the admin's feet (another tab, another admin): always asked again. */
export const adminUsersQuery = () => ({
  ...newestFirstQuery(adminKeys.users(), adminRoutes.users),
  staleTime: 0,
  refetchOnMount: 'always' as const,
})

/** Polled every 5 s; an error means the integration is not set up, so no retries. */
export const whatsappStatusQuery = () =>
  queryOptions({
    ...list(adminKeys.whatsappStatus(), adminRoutes.whatsappStatus),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  })

export const adminCanvaLinksQuery = () =>
  queryOptions({
    ...list(adminKeys.canvaLinks(), adminRoutes.canvaLinks),
    retry: false,
  })

/** The outbox's e-mails; asked again now and then, as the worker sends them in the background. */
export const adminEmailsQuery = () =>
  queryOptions({
    ...list(adminKeys.emails(), adminRoutes.emails),
    refetchInterval: STATUS_POLL_MS,
  })

export const adminRefundsQuery = () => list(adminKeys.refunds(), adminRoutes.refunds)

/** The notas fiscais; asked again now and then, as the worker issues them in the background. */
export const adminInvoicesQuery = () =>
  queryOptions({
    ...list(adminKeys.invoices(), adminRoutes.invoices),
    refetchInterval: STATUS_POLL_MS,
  })
export const adminInvoiceMonthsQuery = () =>
  list([...adminKeys.invoices(), 'months'], adminRoutes.invoiceMonths)

/** 'Fale conosco' requests, newest first, with their age (the decree's 5 days). */
export const adminContactRequestsQuery = () =>
  list(adminKeys.contactRequests(), adminRoutes.contactRequests)
