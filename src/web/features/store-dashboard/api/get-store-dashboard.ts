import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { StoreDashboard, StoreDashboardPeriod } from '../../../../shared/ordering'
import { api } from '../../../lib/api'

export function getStoreDashboard(storeId: string, period: StoreDashboardPeriod): Promise<StoreDashboard> {
  return api.get<StoreDashboard>(`/stores/${encodeURIComponent(storeId)}/dashboard`, { query: { period } })
}

export const storeDashboardQuery = (storeId: string, period: StoreDashboardPeriod) =>
  queryOptions({
    queryKey: ['stores', storeId, 'dashboard', period],
    queryFn: () => getStoreDashboard(storeId, period),
    retry: 0,
  })

export function useStoreDashboard(storeId: string | undefined, period: StoreDashboardPeriod) {
  return useQuery({
    ...storeDashboardQuery(storeId ?? '', period),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}
