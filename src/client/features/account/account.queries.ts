import { queryOptions } from '@tanstack/react-query'
import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import { call, path } from '../../lib/api'

/** The logged-in customer's own data: a login drops all of it, whoever asked before. */
export const accountKeys = {
  all: ['account'] as const,
  purchases: () => [...accountKeys.all, 'purchases'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  canvaLinks: () => [...accountKeys.all, 'canva-links'] as const,
  /** The account's, or a guest's open access: either way a login drops it. */
  skills: () => [...accountKeys.all, 'skills'] as const,
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

/** 'Relatório de habilidades': the BNCC skills her materials teach (an account or a guest). */
export const skillsQuery = () =>
  queryOptions({
    queryKey: accountKeys.skills(),
    queryFn: ({ signal }) => call(accountRoutes.skills, { signal }),
  })

/** The same report as a PDF: a plain link, the browser saves what the server names. */
export const skillsPdfHref = () => path(accountRoutes.skillsPdf)
