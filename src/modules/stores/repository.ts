import type { DbOrTrx } from './tables'

export async function findStoreById(db: DbOrTrx, id: string) {
  return db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Which store and whose, for the platform's ownership guard. */
export async function findStoreOwner(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('stores').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst()
  return row && { id: row.id, userId: row.user_id }
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

export async function countStores(
  db: DbOrTrx,
  filter: { from?: Date; to?: Date; status?: 'ACTIVE' | 'INACTIVE' },
): Promise<number> {
  let q = db.selectFrom('stores').select((eb) => eb.fn.countAll<number>().as('n'))
  if (filter.from) q = q.where('created_at', '>=', filter.from)
  if (filter.to) q = q.where('created_at', '<', filter.to)
  if (filter.status) q = q.where('status', '=', filter.status)
  return (await q.executeTakeFirstOrThrow()).n
}

export async function describeStores(db: DbOrTrx, ids: string[]) {
  return db.selectFrom('stores').select(['id', 'name', 'status', 'user_id as userId']).where('id', 'in', ids).execute()
}
