import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OwnerReviewPage, StoreStats } from '../../../../shared/reviews'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/reviews`

/** The current store's review figures and its first 5 reviews, for /debug (spec 002 §2.9, §9). */
export function useDebugReviews(storeId: string | undefined) {
  const overview = useQuery({
    queryKey: ['stores', storeId, 'reviews', 'overview'],
    queryFn: () => api.get<{ data: StoreStats }>(`${base(storeId!)}/stats/overview`).then((r) => r.data),
    enabled: Boolean(storeId),
    retry: 0,
  })
  const first = useQuery({
    queryKey: ['stores', storeId, 'reviews', 'list', { page: 1, limit: 5 }],
    queryFn: () => api.get<OwnerReviewPage>(base(storeId!), { query: { page: 1, limit: 5 } }).then((r) => r.data),
    enabled: Boolean(storeId),
    retry: 0,
  })
  return { overview, first }
}

export function useDeleteAllReviews(storeId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<{ data: { deleted: number }; message?: string }>(base(storeId!)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'reviews'] }),
  })
}
