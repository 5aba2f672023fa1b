import type { Insertable, Selectable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { ReviewStatus } from '../../shared/reviews'
import type { DbOrTrx, ReviewsTables } from './tables'

export type ReviewRow = Selectable<ReviewsTables['reviews']>
type NewReview = Insertable<ReviewsTables['reviews']>
type ReviewPatch = Updateable<ReviewsTables['reviews']>

export async function insertReview(db: DbOrTrx, values: NewReview): Promise<ReviewRow> {
  return db.insertInto('reviews').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function findReview(db: DbOrTrx, storeId: string, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst()
}

export async function updateReview(
  db: DbOrTrx,
  storeId: string,
  id: string,
  patch: ReviewPatch,
): Promise<ReviewRow | undefined> {
  return transitionReview(db, storeId, id, undefined, patch)
}

/** Moves a review only if it is still in `from` (any status when undefined): two moderators at once cannot both win. */
export async function transitionReview(
  db: DbOrTrx,
  storeId: string,
  id: string,
  from: ReviewStatus | undefined,
  patch: ReviewPatch,
): Promise<ReviewRow | undefined> {
  return db
    .updateTable('reviews')
    .set({ ...patch, updated_at: new Date() })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .$if(from !== undefined, (qb) => qb.where('status', '=', from as ReviewStatus))
    .returningAll()
    .executeTakeFirst()
}

export async function deleteReview(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('reviews').where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

export async function deleteStoreReviews(db: DbOrTrx, storeId: string): Promise<number> {
  const res = await db.deleteFrom('reviews').where('store_id', '=', storeId).executeTakeFirst()
  return Number(res.numDeletedRows)
}

export interface ReviewFilter {
  storeId: string
  productId?: string
  status?: ReviewStatus
}

function filtered(db: DbOrTrx, f: ReviewFilter) {
  let q = db.selectFrom('reviews').where('store_id', '=', f.storeId)
  if (f.productId) q = q.where('product_id', '=', f.productId)
  if (f.status) q = q.where('status', '=', f.status)
  return q
}

/** One page, newest first, and the total count of the filter. */
export async function pageReviews(
  db: DbOrTrx,
  f: ReviewFilter,
  page: number,
  limit: number,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export interface RatingFigures {
  total: number
  sum: number
  verified: number
  byRating: Record<1 | 2 | 3 | 4 | 5, number>
}

/** Approved reviews only (the only ones shown and counted), by rating, in one grouped query. */
export async function approvedFigures(db: DbOrTrx, storeId: string, productId?: string): Promise<RatingFigures> {
  const rows = await filtered(db, { storeId, productId, status: 'APPROVED' })
    .select((eb) => [
      'rating',
      eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where is_verified_purchase)`.as('verified'),
    ])
    .groupBy('rating')
    .execute()
  const figures: RatingFigures = { total: 0, sum: 0, verified: 0, byRating: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }
  for (const r of rows) {
    const n = Number(r.n)
    figures.byRating[r.rating as 1 | 2 | 3 | 4 | 5] = n
    figures.total += n
    figures.sum += n * r.rating
    figures.verified += Number(r.verified)
  }
  return figures
}

/** Every store's approved reviews together, for the platform dashboard: count and rating sum. */
export async function platformApprovedFigures(db: DbOrTrx): Promise<{ total: number; sum: number }> {
  const row = await db
    .selectFrom('reviews')
    .where('status', '=', 'APPROVED')
    .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string | null>`sum(rating)`.as('sum')])
    .executeTakeFirstOrThrow()
  return { total: Number(row.n), sum: Number(row.sum ?? 0) }
}

export interface QueueFigures {
  byStatus: Record<ReviewStatus, number>
  reported: number
  moderated: number
  /** Mean seconds from arrival to moderation over moderated reviews; null with none. */
  meanResponseSeconds: number | null
}

export async function queueFigures(db: DbOrTrx, storeId: string): Promise<QueueFigures> {
  const rows = await db
    .selectFrom('reviews')
    .where('store_id', '=', storeId)
    .select((eb) => [
      'status',
      eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where report_count > 0 and status = 'APPROVED')`.as('reported'),
      sql<string>`count(*) filter (where moderated_at is not null and source = 'CUSTOMER')`.as('moderated'),
      sql<
        string | null
      >`sum(extract(epoch from moderated_at - created_at)) filter (where moderated_at is not null and source = 'CUSTOMER')`.as(
        'seconds',
      ),
    ])
    .groupBy('status')
    .execute()
  const byStatus: Record<ReviewStatus, number> = { PENDING: 0, APPROVED: 0, REJECTED: 0, FLAGGED: 0 }
  let reported = 0
  let moderated = 0
  let seconds = 0
  for (const r of rows) {
    byStatus[r.status] = Number(r.n)
    reported += Number(r.reported)
    moderated += Number(r.moderated)
    seconds += Number(r.seconds ?? 0)
  }
  return { byStatus, reported, moderated, meanResponseSeconds: moderated ? seconds / moderated : null }
}

/** How many customer reviews the store has (the base of the response rate). */
export async function countCustomerReviews(db: DbOrTrx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .where('store_id', '=', storeId)
    .where('source', '=', 'CUSTOMER')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Records one vote of a kind per visitor; true when it is new. The counter moves in the same statement as the
 * vote row, so a repeated click changes nothing.
 */
export async function addVote(
  db: DbOrTrx,
  reviewId: string,
  kind: 'HELPFUL' | 'REPORT',
  visitorHash: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('review_votes')
    .values({ review_id: reviewId, kind, visitor_hash: visitorHash })
    .onConflict((oc) => oc.doNothing())
    .returning('review_id')
    .executeTakeFirst()
  if (!inserted) return false
  if (kind === 'HELPFUL')
    await db
      .updateTable('reviews')
      .set((eb) => ({ helpful_votes: eb('helpful_votes', '+', 1) }))
      .where('id', '=', reviewId)
      .execute()
  else
    await db
      .updateTable('reviews')
      .set((eb) => ({ report_count: eb('report_count', '+', 1), last_reported_at: new Date() }))
      .where('id', '=', reviewId)
      .execute()
  return true
}

/** Drops the verified flag of every review tied to an order (cancelled or refunded); idempotent. */
export async function revokeVerification(db: DbOrTrx, orderId: string): Promise<number> {
  const res = await db
    .updateTable('reviews')
    .set({ is_verified_purchase: false, verification_revoked_at: new Date(), updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('is_verified_purchase', '=', true)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** The products of an order that already have a review (one per order and product). */
export async function reviewedProducts(db: DbOrTrx, orderId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('reviews').select('product_id').where('order_id', '=', orderId).execute()
  return new Set(rows.map((r) => r.product_id).filter((id): id is string => id !== null))
}
