import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  SimulateSaleResult,
  UtmifyConfig,
  UtmifyConfigInput,
  UtmifyDeliveryList,
} from '../../../../shared/integrations'
import { api } from '../../../lib/api'

const BASE = '/integrations/utmfy'
const id = (storeId: string) => encodeURIComponent(storeId)

export const utmifyConfigQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'utmify-config'],
    queryFn: () => api.get<UtmifyConfig>(`${BASE}/config/${id(storeId)}`),
    retry: 0,
  })

export function useUtmifyConfig(storeId: string) {
  return useQuery(utmifyConfigQuery(storeId))
}

export function useSaveUtmifyConfig(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UtmifyConfigInput) => api.put<UtmifyConfig>(`${BASE}/config/${id(storeId)}`, input),
    onSuccess: (config) => queryClient.setQueryData(utmifyConfigQuery(storeId).queryKey, config),
  })
}

export function useSimulateSale(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.post<SimulateSaleResult>(`${BASE}/simulate-sale/${id(storeId)}`, undefined, { timeoutMs: 15_000 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'utmify-deliveries'] }),
  })
}

export const utmifyDeliveriesQuery = (storeId: string, page: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'utmify-deliveries', page],
    queryFn: () =>
      api.get<UtmifyDeliveryList>(`${BASE}/deliveries/${id(storeId)}`, {
        query: { page, limit: 10 },
        timeoutMs: 15_000,
      }),
    refetchInterval: 10_000,
  })

export function useUtmifyDeliveries(storeId: string, page: number) {
  return useQuery(utmifyDeliveriesQuery(storeId, page))
}

export function useRetryDelivery(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<{ message: string }>(`${BASE}/deliveries/${id(storeId)}/${encodeURIComponent(deliveryId)}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'utmify-deliveries'] }),
  })
}
