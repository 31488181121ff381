import { queryOptions } from '@tanstack/react-query'
import * as storeRoutes from '../../../contracts/api-routes/store.routes'
import { call } from '../../lib/api'

export const securityKeys = {
  status: () => ['security', 'status'] as const,
}

export const securityStatusQuery = () =>
  queryOptions({
    queryKey: securityKeys.status(),
    queryFn: ({ signal }) => call(storeRoutes.securityStatus, { signal }),
    staleTime: 10 * 60_000,
    retry: 1,
  })
