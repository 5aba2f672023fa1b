import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderSummary } from '../../../../shared/orders-list'
import { api } from '../../../lib/api'
import { filterParams, type OrderFilters, type OrdersScope, ordersPath, scopeKey } from '../model'

/** The summary cards for the same filters as the list (total, paid revenue, pending, processing). */
export function getOrdersSummary(scope: OrdersScope, filters: OrderFilters): Promise<OrderSummary> {
  return api.get<OrderSummary>(`${ordersPath(scope)}/summary`, { query: filterParams(filters) })
}

export const ordersSummaryQuery = (scope: OrdersScope, filters: OrderFilters) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'orders', 'summary', filters],
    queryFn: () => getOrdersSummary(scope, filters),
    retry: 0,
    placeholderData: keepPreviousData,
  })

export function useOrdersSummary(scope: OrdersScope | undefined, filters: OrderFilters) {
  return useQuery({ ...ordersSummaryQuery(scope ?? 'platform', filters), enabled: Boolean(scope) })
}
