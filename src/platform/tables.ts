import type { ColumnType, Generated } from 'kysely'

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
/** jsonb: read as parsed JSON, written as a JSON string. */
export type Json<T = unknown> = ColumnType<T, string, string>

export interface PlatformTables {
  schema_migrations: { name: string; applied_at: Generated<Date> }
  outbox: {
    id: Generated<string>
    event: string
    payload: Json
    created_at: Generated<Date>
    relayed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  }
  jobs: {
    id: string
    name: string
    data: Json
    status: Generated<'waiting' | 'active' | 'completed' | 'failed'>
    attempts: Generated<number>
    max_attempts: Generated<number>
    run_at: Timestamp
    last_error: string | null
    result: ColumnType<unknown, string | undefined, string>
    created_at: Generated<Date>
    updated_at: Timestamp
  }
}
