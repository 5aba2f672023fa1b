import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { SalesList, SalesQuery } from '../../../../shared/sales'
import { api } from '../../../lib/api'

export type SalesFilters = Omit<SalesQuery, 'page' | 'limit'>

export function getSales(query: SalesQuery): Promise<SalesList> {
  return api.get<SalesList>('/sales', { query: { ...query } })
}

export const salesQuery = (query: SalesQuery) =>
  queryOptions({ queryKey: ['sales', query], queryFn: () => getSales(query), retry: 0 })

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useSales(query: SalesQuery) {
  return useQuery({ ...salesQuery(query), placeholderData: keepPreviousData })
}
