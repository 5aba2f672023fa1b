import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BumpStats, OrderBump } from '../../../../shared/marketing'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/order-bumps`

export const bumpsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'order-bumps'],
    queryFn: () => api.get<OrderBump[]>(base(storeId), { timeoutMs: 15_000 }),
  })

/** The four cards; on failure the screen shows zeros (spec 002 §7). */
export const bumpStatsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'order-bumps', 'stats'],
    queryFn: () => api.get<BumpStats>(`${base(storeId)}/stats`, { timeoutMs: 15_000 }),
    retry: 0,
  })

export interface StoreProductOption {
  id: string
  name: string
  price: number
  type: 'PHYSICAL' | 'DIGITAL'
}

/** The store's products for the bump's product and the showOnProducts choice. */
export const bumpProductsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'products', 'for-bumps'],
    queryFn: () =>
      api.get<StoreProductOption[]>(`/stores/${encodeURIComponent(storeId)}/products`, { query: { limit: 1000 } }),
  })

export const useBumps = (storeId: string) => useQuery(bumpsQuery(storeId))
export const useBumpStats = (storeId: string) => useQuery(bumpStatsQuery(storeId))
export const useBumpProducts = (storeId: string) => useQuery(bumpProductsQuery(storeId))

export function useSaveBump(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      id ? api.patch<OrderBump>(`${base(storeId)}/${id}`, body) : api.post<OrderBump>(base(storeId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'order-bumps'] }),
  })
}

export function useDeleteBump(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${base(storeId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'order-bumps'] }),
  })
}
