/** The buyer side's calls: public, no token (a merchant's session must not leak into a buyer page). */
import type {
  ProductStats,
  PublicReview,
  PublicReviewPage,
  ReviewableOrder,
  ReviewCreateInput,
  VoteResult,
} from '../../../../shared/reviews'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/reviews`

export function getProductReviews(storeId: string, productId: string, page = 1, limit = 5) {
  return api
    .get<PublicReviewPage>(`${base(storeId)}/product/${encodeURIComponent(productId)}`, {
      auth: false,
      query: { page, limit },
    })
    .then((r) => r.data)
}

export function getProductStats(storeId: string, productId: string) {
  return api
    .get<{ data: ProductStats }>(`${base(storeId)}/product/${encodeURIComponent(productId)}/stats`, { auth: false })
    .then((r) => r.data)
}

export function markHelpful(storeId: string, reviewId: string) {
  return api
    .patch<{ data: VoteResult }>(`${base(storeId)}/${encodeURIComponent(reviewId)}/helpful`, undefined, {
      auth: false,
    })
    .then((r) => r.data)
}

export function reportReview(storeId: string, reviewId: string) {
  return api.patch<{ message?: string }>(`${base(storeId)}/${encodeURIComponent(reviewId)}/report`, undefined, {
    auth: false,
  })
}

export function createReview(storeId: string, input: ReviewCreateInput) {
  return api.post<{ data: PublicReview; message?: string }>(base(storeId), input, { auth: false })
}

export function getReviewableOrder(storeId: string, orderId: string, token: string) {
  return api
    .get<{ data: ReviewableOrder }>(`${base(storeId)}/order/${encodeURIComponent(orderId)}`, {
      auth: false,
      query: { token },
    })
    .then((r) => r.data)
}
