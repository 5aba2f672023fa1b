import type { Generated, Kysely, Transaction } from 'kysely'
import type { Timestamp } from '../../platform/tables'

export interface StoreTables {
  stores: {
    id: Generated<string>
    user_id: string
    name: string
    description: string | null
    status: Generated<'ACTIVE' | 'INACTIVE'>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<StoreTables>
export type Trx = Transaction<StoreTables>
export type DbOrTrx = Db | Trx
