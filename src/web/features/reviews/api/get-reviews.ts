import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { OwnerReviewPage, ReviewStatus, StoreStats } from '../../../../shared/reviews'
import { api } from '../../../lib/api'

export function getStoreReviews(storeId: string, page: number, status?: ReviewStatus, limit = 10) {
  return api.get<OwnerReviewPage>(`/stores/${encodeURIComponent(storeId)}/reviews`, {
    query: { page, limit, status },
    timeoutMs: 15_000,
  })
}

export const storeReviewsQuery = (storeId: string, page: number, status?: ReviewStatus, limit = 10) =>
  queryOptions({
    queryKey: ['stores', storeId, 'reviews', 'list', { page, status, limit }],
    queryFn: () => getStoreReviews(storeId, page, status, limit),
    placeholderData: keepPreviousData,
  })

export function useStoreReviews(storeId: string, page: number, status?: ReviewStatus, limit = 10) {
  return useQuery({ ...storeReviewsQuery(storeId, page, status, limit), enabled: Boolean(storeId) })
}

export function getReviewOverview(storeId: string) {
  return api
    .get<{ data: StoreStats }>(`/stores/${encodeURIComponent(storeId)}/reviews/stats/overview`, { timeoutMs: 15_000 })
    .then((r) => r.data)
}

export const reviewOverviewQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId, 'reviews', 'overview'], queryFn: () => getReviewOverview(storeId) })

export function useReviewOverview(storeId: string) {
  return useQuery({ ...reviewOverviewQuery(storeId), enabled: Boolean(storeId) })
}
