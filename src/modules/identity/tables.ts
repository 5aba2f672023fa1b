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
    /** Raised by a password change or reset: every token of an older version stops working. */
    session_version: Generated<number>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  /** Tokens ended by a logout, kept until they would have expired anyway. */
  revoked_tokens: {
    jti: string
    user_id: string
    expires_at: Timestamp
  }
  password_reset_tokens: {
    id: Generated<string>
    user_id: string
    /** SHA-256 (hex) of the e-mailed token; the token itself is never stored. */
    token_hash: string
    expires_at: Timestamp
    used_at: Date | null
    created_at: Generated<Date>
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
