/**
 * The buyer's reads of a store's checkout look in one query: the store row (it must exist; its name is shown) with
 * its customisation row, instead of a store check followed by two more reads.
 */
import type { DbOrTrx } from '../../platform/db'
import type { PublicCustomization } from '../../shared/checkout'
import { toPublicCustomization } from './customization'
import type { CustomizationRow } from './repository'

export async function findPublicCustomization(db: DbOrTrx, storeId: string): Promise<PublicCustomization | undefined> {
  const row = await db
    .selectFrom('stores as s')
    .leftJoin('checkout_customizations as c', 'c.store_id', 's.id')
    .select('s.name as store_name')
    .selectAll('c')
    .where('s.id', '=', storeId)
    .executeTakeFirst()
  if (!row) return undefined
  const { store_name, ...custom } = row
  return toPublicCustomization(storeId, store_name, custom.store_id ? (custom as CustomizationRow) : undefined)
}
