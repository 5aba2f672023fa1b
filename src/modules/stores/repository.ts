import type { DbOrTrx } from './tables'

export async function findStoreById(db: DbOrTrx, id: string) {
  return db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function listStoresByUser(db: DbOrTrx, userId: string) {
  return db.selectFrom('stores').selectAll().where('user_id', '=', userId).orderBy('created_at').execute()
}

export async function insertStore(db: DbOrTrx, store: { userId: string; name: string; description: string | null }) {
  return db
    .insertInto('stores')
    .values({ user_id: store.userId, name: store.name, description: store.description })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateStore(
  db: DbOrTrx,
  id: string,
  patch: { name?: string; description?: string | null; status?: 'ACTIVE' | 'INACTIVE' },
) {
  return db
    .updateTable('stores')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStoreById>>>

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
