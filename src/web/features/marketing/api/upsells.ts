import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Upsell, UpsellInput, UpsellPatch, UpsellStats } from '../../../../shared/marketing'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/upsells`

export const upsellsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'upsells'],
    queryFn: () => api.get<Upsell[]>(base(storeId), { timeoutMs: 15_000 }),
  })

export const upsellStatsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'upsells', 'stats'],
    queryFn: () => api.get<UpsellStats>(`${base(storeId)}/stats`, { timeoutMs: 15_000 }),
    retry: 0,
  })

export const useUpsells = (storeId: string) => useQuery(upsellsQuery(storeId))
export const useUpsellStats = (storeId: string) => useQuery(upsellStatsQuery(storeId))

export function useSaveUpsell(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: UpsellInput | UpsellPatch }) =>
      id ? api.patch<Upsell>(`${base(storeId)}/${id}`, body) : api.post<Upsell>(base(storeId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'upsells'] }),
  })
}

export function useDeleteUpsell(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${base(storeId)}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'upsells'] }),
  })
}
