import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Funnel, FunnelInput, FunnelStats } from '../../../../shared/funnels'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/funnels`

export const funnelsQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId, 'funnels'], queryFn: () => api.get<Funnel[]>(base(storeId)) })

export const funnelStatsQuery = (storeId: string, funnelId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'funnels', funnelId, 'stats'],
    queryFn: () => api.get<FunnelStats>(`${base(storeId)}/${funnelId}/stats`),
  })

/** The store's products, for the step and trigger pickers (id, name, price). */
export const funnelProductsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'products', 'for-funnels'],
    queryFn: () =>
      api.get<{ id: string; name: string; price: number }[]>(`/stores/${encodeURIComponent(storeId)}/products`),
  })

export const useFunnels = (storeId: string) => useQuery(funnelsQuery(storeId))
export const useFunnelStats = (storeId: string, funnelId: string) => useQuery(funnelStatsQuery(storeId, funnelId))
export const useFunnelProducts = (storeId: string) => useQuery(funnelProductsQuery(storeId))

export function useSaveFunnel(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FunnelInput }) =>
      id ? api.patch<Funnel>(`${base(storeId)}/${id}`, body) : api.post<Funnel>(base(storeId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'funnels'] }),
  })
}

export function useDeleteFunnel(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${base(storeId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'funnels'] }),
  })
}
