import type { z } from 'zod'
import type { Db, DbOrTrx } from '../../platform/db'
import { publish } from '../../platform/events'
import type { StoreUpdateInput, storeInputSchema, storeUpdateSchema } from '../../shared/stores'
import { storeCreated } from './events'
import * as repo from './repository'

export { findStoreById, listStoresByUser, type StoreRow, toStoreDto } from './repository'

export async function createStore(db: Db, userId: string, input: z.output<typeof storeInputSchema>) {
  return db.transaction().execute(async (trx) => {
    const store = await repo.insertStore(trx, { userId, name: input.name, description: input.description })
    await publish(trx, storeCreated, { storeId: store.id, userId, name: store.name })
    return store
  })
}

export async function updateStore(db: Db, storeId: string, input: z.output<typeof storeUpdateSchema>) {
  return repo.updateStore(db, storeId, input)
}

export type { StoreUpdateInput }

/** Stores created in [from, to), optionally only those with a status, for the platform dashboard. */
export async function countStores(
  db: Db,
  filter: { from?: Date; to?: Date; status?: 'ACTIVE' | 'INACTIVE' } = {},
): Promise<number> {
  let q = db.selectFrom('stores').select((eb) => eb.fn.countAll<number>().as('n'))
  if (filter.from) q = q.where('created_at', '>=', filter.from)
  if (filter.to) q = q.where('created_at', '<', filter.to)
  if (filter.status) q = q.where('status', '=', filter.status)
  return (await q.executeTakeFirstOrThrow()).n
}

/** Names and owners of a set of stores, for reports that only hold store ids. */
export async function describeStores(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('stores')
    .innerJoin('users', 'users.id', 'stores.user_id')
    .select(['stores.id', 'stores.name', 'stores.status', 'users.name as ownerName', 'users.email as ownerEmail'])
    .where('stores.id', 'in', ids)
    .execute()
}
