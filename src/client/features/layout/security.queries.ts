import { queryOptions } from '@tanstack/react-query'
import { apiJson } from '../../lib/api'

export const securityStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/security/status'],
    queryFn: ({ signal }) => apiJson<{ secure: boolean }>('/api/security/status', { signal }),
    staleTime: 10 * 60_000,
    retry: 1,
  })
