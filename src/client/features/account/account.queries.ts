import { queryOptions } from '@tanstack/react-query'
import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import { call } from '../../lib/api'

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
    queryFn: ({ signal }) => call(accountRoutes.purchases, { signal }),
  })

export const ordersQuery = () =>
  queryOptions({
    queryKey: accountKeys.orders(),
    queryFn: ({ signal }) => call(accountRoutes.orders, { signal }),
  })

export const canvaLinksQuery = () =>
  queryOptions({
    queryKey: accountKeys.canvaLinks(),
    queryFn: ({ signal }) => call(accountRoutes.canvaLinks, { signal }),
  })
