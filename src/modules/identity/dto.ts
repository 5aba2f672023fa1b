import type { UserRow } from './repository'

export function toUserDto(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }
}
