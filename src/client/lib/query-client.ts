import { QueryClient } from '@tanstack/react-query'

/** Defaults of SPEC.md section 7: fresh 30 s, 3 retries 1 s apart, no refetch on focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 3,
      retryDelay: 1000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
})
