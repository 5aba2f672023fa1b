import type { Generated } from 'kysely'
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
