import { createHmac } from 'node:crypto'
import type { z } from 'zod'
import { deriveKey } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { STORE_NOT_FOUND } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import {
  canModerate,
  type merchantReviewSchema,
  type moderateSchema,
  type ProductStats,
  type RatingDistribution,
  REVIEW_MESSAGES,
  type reviewCreateSchema,
  type reviewUpdateSchema,
  type StoreStats,
  storeScore,
} from '../../shared/reviews'
import { catalogService } from '../catalog'
import { orderingService } from '../ordering'
import { storesService } from '../stores'
import * as repo from './repository'
import type { Db, DbOrTrx } from './tables'

export interface ReviewDeps {
  db: Db
  appSecret: string
}

/**
 * Who a public visitor is, for one-vote-per-visitor: an HMAC of the address and the browser's user agent under a
 * key derived from APP_SECRET. Neither is stored in clear, no cookie is needed; two people behind the same NAT with
 * the same browser build count as one visitor — the price of not tracking anyone.
 */
export function visitorHash(appSecret: string, ip: string, userAgent: string | undefined): string {
  return createHmac('sha256', deriveKey(appSecret, 'review-visitor'))
    .update(`${ip}|${userAgent ?? ''}`)
    .digest('base64url')
}

async function requireStore(db: DbOrTrx, storeId: string) {
  const store = isUuid(storeId) ? await storesService.findStoreById(db, storeId) : undefined
  if (!store) throw new AppError(404, STORE_NOT_FOUND)
  return store
}

async function requireProduct(db: DbOrTrx, storeId: string, productId: string) {
  const product = isUuid(productId) ? await catalogService.findProduct(db, storeId, productId) : undefined
  if (!product) throw new AppError(404, REVIEW_MESSAGES.productNotFound, { productId: REVIEW_MESSAGES.productNotFound })
  return product
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505'
}

/**
 * A visitor's review: PENDING until the merchant approves it. It is a verified purchase only when it carries the
 * signed token of a paid order of this store that contains this product — the client cannot claim it otherwise.
 */
export async function createReview(
  deps: ReviewDeps,
  storeId: string,
  input: z.output<typeof reviewCreateSchema>,
): Promise<repo.ReviewRow> {
  await requireStore(deps.db, storeId)
  const product = await requireProduct(deps.db, storeId, input.productId)
  let verified: { orderId: string; email: string } | undefined
  if (input.orderId || input.reviewToken) {
    const order =
      input.orderId && input.reviewToken && isUuid(input.orderId)
        ? await orderingService.paidOrderFor(deps.db, deps.appSecret, input.orderId, input.reviewToken)
        : undefined
    if (!order) throw new AppError(403, REVIEW_MESSAGES.badToken)
    if (order.storeId !== storeId || !order.productIds.includes(product.id))
      throw new AppError(403, REVIEW_MESSAGES.orderNotPaid)
    verified = { orderId: order.orderId, email: order.customer.email }
  }
  try {
    return await repo.insertReview(deps.db, {
      store_id: storeId,
      product_id: product.id,
      product_name: product.name,
      customer_name: input.customerName,
      customer_email: verified?.email ?? (input.customerEmail || null),
      rating: input.rating,
      title: input.title,
      comment: input.comment,
      location: input.location || null,
      source: 'CUSTOMER',
      is_verified_purchase: Boolean(verified),
      order_id: verified?.orderId ?? null,
    })
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(409, REVIEW_MESSAGES.alreadyReviewed, undefined, 'REVIEW_ALREADY_SENT')
    throw err
  }
}

/**
 * What the buyer of a paid order may still review (the order page's "Avalie sua compra"): its products with
 * whether each already has its review. A bad token, an unpaid order or another store's order is 404.
 */
export async function reviewableProducts(deps: ReviewDeps, storeId: string, orderId: string, token: string) {
  const order = isUuid(orderId)
    ? await orderingService.paidOrderFor(deps.db, deps.appSecret, orderId, token)
    : undefined
  if (!order || order.storeId !== storeId) throw new AppError(404, REVIEW_MESSAGES.orderNotFound)
  const [products, reviewed] = await Promise.all([
    catalogService.findProducts(deps.db, storeId, order.productIds),
    repo.reviewedProducts(deps.db, order.orderId),
  ])
  // The order's own order (its product first, then the bumps): the catalog answers in no particular order.
  const rank = (id: string) => order.productIds.indexOf(id)
  return {
    customerName: order.customer.name,
    products: [...products]
      .sort((a, b) => rank(a.id) - rank(b.id))
      .map((p) => ({ productId: p.id, productName: p.name, reviewed: reviewed.has(p.id) })),
  }
}

/** A review the merchant types in (spec 002 §4): APPROVED at once, marked as the store's, never verified. */
export async function addMerchantReview(
  db: Db,
  storeId: string,
  input: z.output<typeof merchantReviewSchema>,
): Promise<repo.ReviewRow> {
  const product = input.productId ? await requireProduct(db, storeId, input.productId) : undefined
  return repo.insertReview(db, {
    store_id: storeId,
    product_id: product?.id ?? null,
    product_name: product?.name ?? input.productName,
    customer_name: input.customerName,
    customer_email: null,
    rating: input.rating,
    title: input.title,
    comment: input.comment,
    location: input.location || null,
    status: 'APPROVED',
    source: 'MERCHANT',
    is_verified_purchase: false,
    moderated_at: new Date(),
  })
}

export async function listProductReviews(db: Db, storeId: string, productId: string, page: number, limit: number) {
  await requireStore(db, storeId)
  await requireProduct(db, storeId, productId)
  return repo.pageReviews(db, { storeId, productId, status: 'APPROVED' }, page, limit)
}

function statsOf(f: repo.RatingFigures): ProductStats {
  return {
    totalReviews: f.total,
    averageRating: f.total ? Math.round((f.sum / f.total) * 10) / 10 : null,
    ratingDistribution: f.byRating as RatingDistribution,
    verifiedPurchases: f.verified,
  }
}

export async function productStats(db: Db, storeId: string, productId: string): Promise<ProductStats> {
  await requireStore(db, storeId)
  await requireProduct(db, storeId, productId)
  return statsOf(await repo.approvedFigures(db, storeId, productId))
}

/** The owner's overview: every figure counted from the store's real reviews; nothing when there are none. */
export async function storeOverview(db: Db, storeId: string): Promise<StoreStats> {
  const [approved, queue, customer] = await Promise.all([
    repo.approvedFigures(db, storeId),
    repo.queueFigures(db, storeId),
    repo.countCustomerReviews(db, storeId),
  ])
  const stats = statsOf(approved)
  const { score, category } = storeScore(stats.averageRating)
  return {
    ...stats,
    pendingReviews: queue.byStatus.PENDING,
    reportedReviews: queue.reported,
    byStatus: queue.byStatus,
    allReviews: Object.values(queue.byStatus).reduce((a, b) => a + b, 0),
    storeScore: score,
    storeCategory: category,
    responseRate: customer ? Math.round((queue.moderated / customer) * 1000) / 10 : null,
    averageResponseHours:
      queue.meanResponseSeconds === null ? null : Math.round((queue.meanResponseSeconds / 3600) * 10) / 10,
  }
}

export async function requireReview(db: DbOrTrx, storeId: string, reviewId: string): Promise<repo.ReviewRow> {
  const row = isUuid(reviewId) ? await repo.findReview(db, storeId, reviewId) : undefined
  if (!row) throw new AppError(404, REVIEW_MESSAGES.notFound)
  return row
}

/** Follows the state machine; a forbidden move (or a race lost to another moderator) is 409. */
export async function moderate(
  db: Db,
  storeId: string,
  reviewId: string,
  input: z.output<typeof moderateSchema>,
): Promise<repo.ReviewRow> {
  const row = await requireReview(db, storeId, reviewId)
  if (!canModerate(row.status, input.status))
    throw new AppError(409, REVIEW_MESSAGES.transition(row.status, input.status))
  const updated = await repo.transitionReview(db, storeId, reviewId, row.status, {
    status: input.status,
    moderated_at: new Date(),
    ...(input.moderatorNotes !== undefined ? { moderator_notes: input.moderatorNotes || null } : {}),
  })
  if (!updated) throw new AppError(409, REVIEW_MESSAGES.transition(row.status, input.status))
  return updated
}

/** Notes on any review; the text only on the store's own: a buyer's words are never rewritten by the merchant. */
export async function updateReview(
  db: Db,
  storeId: string,
  reviewId: string,
  input: z.output<typeof reviewUpdateSchema>,
): Promise<repo.ReviewRow> {
  const row = await requireReview(db, storeId, reviewId)
  const { moderatorNotes, ...content } = input
  const touchesContent = Object.values(content).some((v) => v !== undefined)
  if (touchesContent && row.source !== 'MERCHANT') throw new AppError(409, REVIEW_MESSAGES.onlyMerchantEditable)
  const updated = await repo.updateReview(db, storeId, reviewId, {
    ...(moderatorNotes !== undefined ? { moderator_notes: moderatorNotes || null } : {}),
    ...(content.customerName !== undefined ? { customer_name: content.customerName } : {}),
    ...(content.title !== undefined ? { title: content.title } : {}),
    ...(content.comment !== undefined ? { comment: content.comment } : {}),
    ...(content.rating !== undefined ? { rating: content.rating } : {}),
    ...(content.location !== undefined ? { location: content.location || null } : {}),
  })
  if (!updated) throw new AppError(404, REVIEW_MESSAGES.notFound)
  return updated
}

/**
 * A visitor marks an approved review helpful, or reports it (which puts it in the merchant's queue with its report
 * count; the status stays for the merchant to decide). Once per visitor and kind.
 */
export async function vote(
  db: Db,
  storeId: string,
  reviewId: string,
  kind: 'HELPFUL' | 'REPORT',
  visitor: string,
): Promise<{ row: repo.ReviewRow; counted: boolean }> {
  await requireStore(db, storeId)
  const row = await requireReview(db, storeId, reviewId)
  if (row.status !== 'APPROVED') throw new AppError(404, REVIEW_MESSAGES.notFound)
  const counted = await db.transaction().execute((trx) => repo.addVote(trx, row.id, kind, visitor))
  return { row: (await repo.findReview(db, storeId, row.id)) ?? row, counted }
}
