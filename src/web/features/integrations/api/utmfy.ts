import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  SimulateSaleResult,
  UtmfyConfig,
  UtmfyConfigInput,
  UtmfyDeliveryList,
} from '../../../../shared/integrations'
import { api } from '../../../lib/api'

const BASE = '/integrations/utmfy'
const id = (storeId: string) => encodeURIComponent(storeId)

export const utmfyConfigQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'utmfy-config'],
    queryFn: () => api.get<UtmfyConfig>(`${BASE}/config/${id(storeId)}`),
    retry: 0,
  })

export function useUtmfyConfig(storeId: string) {
  return useQuery(utmfyConfigQuery(storeId))
}

export function useSaveUtmfyConfig(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UtmfyConfigInput) => api.put<UtmfyConfig>(`${BASE}/config/${id(storeId)}`, input),
    onSuccess: (config) => queryClient.setQueryData(utmfyConfigQuery(storeId).queryKey, config),
  })
}

export function useSimulateSale(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.post<SimulateSaleResult>(`${BASE}/simulate-sale/${id(storeId)}`, undefined, { timeoutMs: 15_000 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'utmfy-deliveries'] }),
  })
}

export const utmfyDeliveriesQuery = (storeId: string, page: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'utmfy-deliveries', page],
    queryFn: () =>
      api.get<UtmfyDeliveryList>(`${BASE}/deliveries/${id(storeId)}`, {
        query: { page, limit: 10 },
        timeoutMs: 15_000,
      }),
    refetchInterval: 10_000,
  })

export function useUtmfyDeliveries(storeId: string, page: number) {
  return useQuery(utmfyDeliveriesQuery(storeId, page))
}

export function useRetryDelivery(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<{ message: string }>(`${BASE}/deliveries/${id(storeId)}/${encodeURIComponent(deliveryId)}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'utmfy-deliveries'] }),
  })
}
