import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type {
  Subscription,
  SubscriptionDetail,
  SubscriptionMetrics,
  SubscriptionPage,
  SubscriptionStatus,
} from '../model'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/subscriptions`

export interface SubscriptionFilters {
  status?: SubscriptionStatus | ''
  planId?: string
  offset: number
  limit: number
}

export const subscriptionsQuery = (storeId: string, f: SubscriptionFilters) =>
  queryOptions({
    queryKey: ['stores', storeId, 'subscriptions', 'list', f],
    queryFn: () => api.get<SubscriptionPage>(base(storeId), { query: { ...f } }),
    placeholderData: keepPreviousData,
  })

export const subscriptionQuery = (storeId: string, id: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'subscriptions', 'detail', id],
    queryFn: () => api.get<SubscriptionDetail>(`${base(storeId)}/${encodeURIComponent(id)}`),
  })

export const subscriptionMetricsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'subscriptions', 'metrics'],
    queryFn: () => api.get<SubscriptionMetrics>(`${base(storeId)}/metrics`),
  })

export const useSubscriptions = (storeId: string, f: SubscriptionFilters) => useQuery(subscriptionsQuery(storeId, f))
export const useSubscription = (storeId: string, id: string) => useQuery(subscriptionQuery(storeId, id))
export const useSubscriptionMetrics = (storeId: string) => useQuery(subscriptionMetricsQuery(storeId))

/** Cancel (now or at the period's end) and 'Tentar cobrar agora': both answer the subscription as it is after. */
export function useSubscriptionAction(storeId: string, id: string) {
  const queryClient = useQueryClient()
  const done = () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'subscriptions'] })
  const cancel = useMutation({
    mutationFn: (atPeriodEnd: boolean) =>
      api.post<Subscription>(`${base(storeId)}/${encodeURIComponent(id)}/cancel`, { atPeriodEnd }),
    onSuccess: done,
  })
  const retry = useMutation({
    mutationFn: () =>
      api.post<Subscription>(`${base(storeId)}/${encodeURIComponent(id)}/retry`, {}, { timeoutMs: 60_000 }),
    onSettled: done,
  })
  return { cancel, retry }
}
