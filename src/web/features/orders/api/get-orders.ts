import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StoreOrder } from '../../../../shared/ordering'
import { api } from '../../../lib/api'

export function getOrders(storeId: string): Promise<StoreOrder[]> {
  return api.get<StoreOrder[]>(`/stores/${encodeURIComponent(storeId)}/orders`)
}

export const storeOrdersQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId, 'orders'], queryFn: () => getOrders(storeId), retry: 0 })

export function useOrders(storeId: string | undefined) {
  return useQuery({ ...storeOrdersQuery(storeId ?? ''), enabled: Boolean(storeId) })
}
