import { sql } from 'kysely'
import type { DbOrTrx, Role } from './tables'

const userColumns = ['id', 'email', 'name', 'role', 'status', 'created_at'] as const

export async function findUserById(db: DbOrTrx, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst()
}

export async function findUserWithHashByEmail(db: DbOrTrx, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function findPasswordHash(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst()
  return row?.password_hash
}

export async function insertUser(db: DbOrTrx, user: { email: string; name: string; passwordHash: string; role: Role }) {
  return db
    .insertInto('users')
    .values({ email: user.email, name: user.name, password_hash: user.passwordHash, role: user.role })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(userColumns)
    .executeTakeFirst()
}

export async function updateUser(
  db: DbOrTrx,
  id: string,
  patch: { name?: string; passwordHash?: string; role?: Role },
) {
  return db
    .updateTable('users')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
      ...(patch.role !== undefined && { role: patch.role }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirst()
}

export async function listUsers(db: DbOrTrx) {
  return db.selectFrom('users').select(userColumns).orderBy('created_at', 'desc').limit(5000).execute()
}

export async function deleteUser(db: DbOrTrx, id: string) {
  const res = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()
  return res.numDeletedRows > 0n
}

export async function insertActivity(
  db: DbOrTrx,
  entry: { eventId: string; userId: string; kind: string; data: Record<string, unknown> },
) {
  await db
    .insertInto('activity_log')
    .values({ event_id: entry.eventId, user_id: entry.userId, kind: entry.kind, data: JSON.stringify(entry.data) })
    .onConflict((oc) => oc.columns(['event_id', 'kind']).doNothing())
    .execute()
}

export async function listActivity(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('activity_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute()
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

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
