import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { ReviewSource, ReviewStatus } from '../../shared/reviews'

type NullableTime = ColumnType<Date | null, Date | null | undefined, Date | null>

export interface ReviewsTables {
  reviews: {
    id: Generated<string>
    store_id: string
    product_id: string | null
    product_name: string
    customer_name: string
    customer_email: string | null
    rating: number
    title: string
    comment: string
    location: string | null
    status: Generated<ReviewStatus>
    source: Generated<ReviewSource>
    is_verified_purchase: Generated<boolean>
    order_id: string | null
    verification_revoked_at: NullableTime
    moderator_notes: string | null
    moderated_at: NullableTime
    helpful_votes: Generated<number>
    report_count: Generated<number>
    last_reported_at: NullableTime
    created_at: Generated<Date>
    updated_at: Generated<Date>
  }
  review_votes: {
    review_id: string
    kind: 'HELPFUL' | 'REPORT'
    visitor_hash: string
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<ReviewsTables>
export type Trx = Transaction<ReviewsTables>
export type DbOrTrx = Db | Trx
