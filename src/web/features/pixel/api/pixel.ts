import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PixelConfig, PixelConfigInput, PixelDelivery } from '../../../../shared/pixel'
import { api } from '../../../lib/api'

const path = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/facebook-pixel`

export const pixelConfigQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'facebook-pixel'],
    queryFn: () => api.get<PixelConfig>(path(storeId)),
    retry: 0,
  })

export function usePixelConfig(storeId: string) {
  return useQuery(pixelConfigQuery(storeId))
}

export function useSavePixelConfig(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PixelConfigInput) => api.patch<PixelConfig>(path(storeId), input),
    onSuccess: (config) => queryClient.setQueryData(pixelConfigQuery(storeId).queryKey, config),
  })
}

/** The last server events; refreshed every 15 s while the page is open, so a test purchase shows up by itself. */
export function usePixelDeliveries(storeId: string) {
  return useQuery({
    queryKey: ['stores', storeId, 'facebook-pixel', 'deliveries'],
    queryFn: () => api.get<{ deliveries: PixelDelivery[] }>(`${path(storeId)}/deliveries`),
    refetchInterval: 15_000,
  })
}
