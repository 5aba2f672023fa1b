/**
 * The buyer's reads of a store's checkout look: the store (it must exist; its name is shown), asked of the stores
 * module, and this module's customisation row, read side by side. The answer is kept in memory between changes
 * (platform/public-config-cache.ts), so the second round trip is paid once per change, not per buyer.
 */
import type { DbOrTrx as AnyDbOrTrx } from '../../platform/db'
import type { PublicCustomization } from '../../shared/checkout'
import { storesService } from '../stores'
import { toPublicCustomization } from './dto'
import * as repo from './repository'

export async function findPublicCustomization(
  db: AnyDbOrTrx,
  storeId: string,
): Promise<PublicCustomization | undefined> {
  const [store, custom] = await Promise.all([
    storesService.findStoreById(db, storeId),
    repo.findCustomization(db, storeId),
  ])
  if (!store) return undefined
  return toPublicCustomization(storeId, store.name, custom)
}
