import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderDownloads } from '../../../../shared/buyers'
import { api } from '../../../lib/api'

export const orderDownloadsQuery = (storeId: string, orderId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'orders', orderId, 'downloads'],
    queryFn: () =>
      api.get<OrderDownloads>(`/stores/${encodeURIComponent(storeId)}/orders/${encodeURIComponent(orderId)}/downloads`),
    retry: 0,
  })

export function useOrderDownloads(storeId: string, orderId: string, enabled: boolean) {
  return useQuery({ ...orderDownloadsQuery(storeId, orderId), enabled })
}
