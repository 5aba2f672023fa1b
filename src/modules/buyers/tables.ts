import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface BuyersTables {
  buyer_login_links: {
    id: Generated<string>
    email: string
    token_hash: string
    expires_at: Timestamp
    used_at: NullableTimestamp
    created_at: Generated<Date>
  }
  buyer_sessions: {
    id: Generated<string>
    email: string
    token_hash: string
    expires_at: Timestamp
    revoked_at: NullableTimestamp
    created_at: Generated<Date>
  }
  buyer_downloads: {
    order_id: string
    file_id: string
    downloads: Generated<number>
    last_download_at: Timestamp
  }
  buyer_stamped_copies: {
    order_id: string
    file_id: string
    storage_key: string
    created_at: Timestamp
  }
}

export type Db = Kysely<BuyersTables>
export type Trx = Transaction<BuyersTables>
export type DbOrTrx = Db | Trx
