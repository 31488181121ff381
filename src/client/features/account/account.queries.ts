import { queryOptions } from '@tanstack/react-query'
import type { CanvaLinkView, CustomerOrder, CustomerPurchase } from '../../../contracts/customer'
import { apiJson } from '../../lib/api'

/** The logged-in customer's own data: a login drops all of it, whoever asked before. */
export const accountKeys = {
  all: ['account'] as const,
  purchases: () => [...accountKeys.all, 'purchases'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  canvaLinks: () => [...accountKeys.all, 'canva-links'] as const,
}

export const purchasesQuery = () =>
  queryOptions({
    queryKey: accountKeys.purchases(),
    queryFn: ({ signal }) => apiJson<CustomerPurchase[]>('/api/user/purchases', { signal }),
  })

export const ordersQuery = () =>
  queryOptions({
    queryKey: accountKeys.orders(),
    queryFn: ({ signal }) => apiJson<CustomerOrder[]>('/api/user/orders', { signal }),
  })

export const canvaLinksQuery = () =>
  queryOptions({
    queryKey: accountKeys.canvaLinks(),
    queryFn: ({ signal }) => apiJson<CanvaLinkView[]>('/api/canva-links', { signal }),
  })
