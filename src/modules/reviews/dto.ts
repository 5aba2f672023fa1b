import type { OwnerReview, PublicReview } from '../../shared/reviews'
import type { ReviewRow } from './repository'

export function toPublicReview(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    storeId: r.store_id,
    productId: r.product_id,
    productName: r.product_name,
    customerName: r.customer_name,
    rating: r.rating,
    title: r.title,
    comment: r.comment,
    status: r.status,
    isVerifiedPurchase: r.is_verified_purchase,
    source: r.source,
    location: r.location,
    createdAt: r.created_at.toISOString(),
    profilePhoto: null,
    photos: [],
    helpfulVotes: r.helpful_votes,
  }
}

export function toOwnerReview(r: ReviewRow): OwnerReview {
  return {
    ...toPublicReview(r),
    customerEmail: r.customer_email,
    moderatorNotes: r.moderator_notes,
    moderatedAt: r.moderated_at ? r.moderated_at.toISOString() : null,
    reportCount: r.report_count,
    orderId: r.order_id,
    verificationRevokedAt: r.verification_revoked_at ? r.verification_revoked_at.toISOString() : null,
    updatedAt: r.updated_at.toISOString(),
  }
}
