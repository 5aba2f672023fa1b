import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MerchantReviewInput, ModerateInput, OwnerReview, ReviewUpdateInput } from '../../../../shared/reviews'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/reviews`

interface Wrapped<T> {
  data: T
  message?: string
}

export const moderateReview = (storeId: string, id: string, input: ModerateInput) =>
  api.patch<Wrapped<OwnerReview>>(`${base(storeId)}/${encodeURIComponent(id)}/moderate`, input)
export const updateReview = (storeId: string, id: string, input: ReviewUpdateInput) =>
  api.patch<Wrapped<OwnerReview>>(`${base(storeId)}/${encodeURIComponent(id)}`, input)
export const deleteReview = (storeId: string, id: string) =>
  api.delete<Wrapped<{ id: string }>>(`${base(storeId)}/${encodeURIComponent(id)}`)
export const addReview = (storeId: string, input: MerchantReviewInput) =>
  api.post<Wrapped<OwnerReview>>(`${base(storeId)}/manual`, input)
export const deleteAllReviews = (storeId: string) => api.delete<Wrapped<{ deleted: number }>>(base(storeId))

/** Every change to a store's reviews refreshes its lists and its figures. */
function useReviewMutation<V, R>(storeId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'reviews'] }),
  })
}

export const useModerateReview = (storeId: string) =>
  useReviewMutation(storeId, (v: { id: string; input: ModerateInput }) => moderateReview(storeId, v.id, v.input))
export const useUpdateReview = (storeId: string) =>
  useReviewMutation(storeId, (v: { id: string; input: ReviewUpdateInput }) => updateReview(storeId, v.id, v.input))
export const useDeleteReview = (storeId: string) =>
  useReviewMutation(storeId, (id: string) => deleteReview(storeId, id))
export const useAddReview = (storeId: string) =>
  useReviewMutation(storeId, (input: MerchantReviewInput) => addReview(storeId, input))
export const useDeleteAllReviews = (storeId: string) => useReviewMutation(storeId, () => deleteAllReviews(storeId))
