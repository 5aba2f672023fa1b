import type { Insertable, Selectable, Updateable } from 'kysely'
import type { CheckoutTables, DbOrTrx } from './tables'

export type ShippingOptionRow = Selectable<CheckoutTables['shipping_options']>
export type CustomizationRow = Selectable<CheckoutTables['checkout_customizations']>

export async function listShippingOptions(db: DbOrTrx, storeId: string, opts: { activeOnly?: boolean } = {}) {
  let q = db.selectFrom('shipping_options').selectAll().where('store_id', '=', storeId)
  if (opts.activeOnly) q = q.where('active', '=', true)
  return q.orderBy('created_at').orderBy('id').execute()
}

export async function findShippingOption(db: DbOrTrx, storeId: string, id: string) {
  return db
    .selectFrom('shipping_options')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function insertShippingOption(db: DbOrTrx, values: Insertable<CheckoutTables['shipping_options']>) {
  return db.insertInto('shipping_options').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function updateShippingOption(
  db: DbOrTrx,
  storeId: string,
  id: string,
  patch: Updateable<CheckoutTables['shipping_options']>,
) {
  return db
    .updateTable('shipping_options')
    .set({ ...patch, updated_at: new Date() })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteShippingOption(db: DbOrTrx, storeId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('shipping_options')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

export async function findCustomization(db: DbOrTrx, storeId: string) {
  return db.selectFrom('checkout_customizations').selectAll().where('store_id', '=', storeId).executeTakeFirst()
}

export async function upsertCustomization(db: DbOrTrx, values: Insertable<CheckoutTables['checkout_customizations']>) {
  const { store_id: _, ...update } = values
  return db
    .insertInto('checkout_customizations')
    .values(values)
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...update, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow()
}
