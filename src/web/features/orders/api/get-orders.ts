import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PlatformOrder, StoreOrder } from '../../../../shared/ordering'
import { api } from '../../../lib/api'
import { filterParams, type OrderFilters, type OrdersScope, ordersPath, scopeKey } from '../model'

export interface OrdersPageRequest {
  filters: OrderFilters
  limit: number
  after?: string
}

/** A row of either list: the platform's rows also name their store. */
export type ListedOrder = StoreOrder & Partial<Pick<PlatformOrder, 'storeId' | 'storeName'>>

/** One page of the scope's orders (filters applied by the server), newest first. */
export function getOrders(scope: OrdersScope, req: OrdersPageRequest): Promise<ListedOrder[]> {
  return api.get<ListedOrder[]>(ordersPath(scope), {
    query: { ...filterParams(req.filters), limit: req.limit, after: req.after },
  })
}

export const ordersQuery = (scope: OrdersScope, req: OrdersPageRequest) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'orders', req],
    queryFn: () => getOrders(scope, req),
    retry: 0,
    placeholderData: keepPreviousData,
  })

export function useOrders(scope: OrdersScope | undefined, req: OrdersPageRequest) {
  return useQuery({ ...ordersQuery(scope ?? 'platform', req), enabled: Boolean(scope) })
}
