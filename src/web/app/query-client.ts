import { QueryClient } from '@tanstack/react-query'

/** The same query defaults for the merchant app and the buyer checkout entry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  })
}
