import type { z } from 'zod'
import type { Db } from '../../platform/db'
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
