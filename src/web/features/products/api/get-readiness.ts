import { queryOptions, useQuery } from '@tanstack/react-query'
import type { StoreReadiness } from '../../../../shared/readiness'
import { api } from '../../../lib/api'

export function getReadiness(storeId: string): Promise<StoreReadiness> {
  return api.get<StoreReadiness>(`/stores/${storeId}/readiness`)
}

/** Fresh on every visit (staleTime 0): it changes on other pages (payments, shipping) than the one showing it. */
export const storeReadinessQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'readiness'],
    queryFn: () => getReadiness(storeId),
    staleTime: 0,
    retry: 0,
  })

export function useReadiness(storeId: string | undefined) {
  return useQuery({ ...storeReadinessQuery(storeId ?? ''), enabled: Boolean(storeId) })
}
