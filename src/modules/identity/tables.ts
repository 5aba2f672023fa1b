import type { Generated, Kysely, Transaction } from 'kysely'
import type { Json, Timestamp } from '../../platform/tables'

import type { Role, UserStatus } from '../../shared/roles'

export type { Role, UserStatus }

export interface IdentityTables {
  users: {
    id: Generated<string>
    email: string
    name: string
    password_hash: string
    role: Generated<Role>
    status: Generated<UserStatus>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  activity_log: {
    id: Generated<string>
    event_id: string
    user_id: string
    kind: string
    data: Json<Record<string, unknown>>
    created_at: Generated<Date>
  }
}

/** This module's view of the database: its own tables only; another module's data is asked of its service. */
export type Db = Kysely<IdentityTables>
export type Trx = Transaction<IdentityTables>
export type DbOrTrx = Db | Trx
