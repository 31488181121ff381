import { queryOptions } from '@tanstack/react-query'
import type { SecurityStatus } from '../../../contracts/system'
import { apiJson } from '../../lib/api'

export const securityStatusQuery = () =>
  queryOptions({
    queryKey: ['security', 'status'],
    queryFn: ({ signal }) => apiJson<SecurityStatus>('/api/security/status', { signal }),
    staleTime: 10 * 60_000,
    retry: 1,
  })
