import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderSummary } from '../../../../shared/orders-list'
import { api } from '../../../lib/api'
import { filterParams, type OrderFilters } from '../model'

/** The summary cards for the same filters as the list (total, paid revenue, pending, processing). */
export function getOrdersSummary(storeId: string, filters: OrderFilters): Promise<OrderSummary> {
  return api.get<OrderSummary>(`/stores/${encodeURIComponent(storeId)}/orders/summary`, {
    query: filterParams(filters),
  })
}

export const ordersSummaryQuery = (storeId: string, filters: OrderFilters) =>
  queryOptions({
    queryKey: ['stores', storeId, 'orders', 'summary', filters],
    queryFn: () => getOrdersSummary(storeId, filters),
    retry: 0,
    placeholderData: keepPreviousData,
  })

export function useOrdersSummary(storeId: string | undefined, filters: OrderFilters) {
  return useQuery({ ...ordersSummaryQuery(storeId ?? '', filters), enabled: Boolean(storeId) })
}
