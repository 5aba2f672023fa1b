import type { z } from 'zod'
import { publish } from '../../platform/events'
import type { StoreUpdateInput, storeInputSchema, storeUpdateSchema } from '../../shared/stores'
import { storeCreated } from './events'
import * as repo from './repository'
import type { Db } from './tables'

export { toStoreDto } from './dto'
export { findStoreById, findStoreOwner, listStoresByUser, type StoreRow } from './repository'

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
  return repo.countStores(db, filter)
}

/** Names, status and owner ids of a set of stores, for reports that only hold store ids (owners: identity). */
export async function describeStores(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  return repo.describeStores(db, ids)
}
