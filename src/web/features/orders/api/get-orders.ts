import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { StoreOrder } from '../../../../shared/ordering'
import { api } from '../../../lib/api'
import { filterParams, type OrderFilters } from '../model'

export interface OrdersPageRequest {
  filters: OrderFilters
  limit: number
  after?: string
}

/** One page of the store's orders (filters applied by the server), newest first. */
export function getOrders(storeId: string, req: OrdersPageRequest): Promise<StoreOrder[]> {
  return api.get<StoreOrder[]>(`/stores/${encodeURIComponent(storeId)}/orders`, {
    query: { ...filterParams(req.filters), limit: req.limit, after: req.after },
  })
}

export const storeOrdersQuery = (storeId: string, req: OrdersPageRequest) =>
  queryOptions({
    queryKey: ['stores', storeId, 'orders', req],
    queryFn: () => getOrders(storeId, req),
    retry: 0,
    placeholderData: keepPreviousData,
  })

export function useOrders(storeId: string | undefined, req: OrdersPageRequest) {
  return useQuery({ ...storeOrdersQuery(storeId ?? '', req), enabled: Boolean(storeId) })
}
