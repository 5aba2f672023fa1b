import type { StoreRow } from './repository'

export function toStoreDto(row: StoreRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    userId: row.user_id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }
}
