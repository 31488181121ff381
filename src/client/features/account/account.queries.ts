import { queryOptions } from '@tanstack/react-query'
import type { CanvaLinkView, CustomerOrder, CustomerPurchase } from '../../../contracts/customer'
import { apiJson } from '../../lib/api'

// The logged-in customer's own lists; each key is its URL (SPEC.md section 7).
export const purchasesQuery = () =>
  queryOptions({
    queryKey: ['/api/user/purchases'],
    queryFn: ({ signal }) => apiJson<CustomerPurchase[]>('/api/user/purchases', { signal }),
  })

export const ordersQuery = () =>
  queryOptions({
    queryKey: ['/api/user/orders'],
    queryFn: ({ signal }) => apiJson<CustomerOrder[]>('/api/user/orders', { signal }),
  })

export const canvaLinksQuery = () =>
  queryOptions({
    queryKey: ['/api/canva-links'],
    queryFn: ({ signal }) => apiJson<CanvaLinkView[]>('/api/canva-links', { signal }),
  })
