import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DbOrTrx, FulfilmentTables, Trx } from './tables'

export type ShipmentRow = Selectable<FulfilmentTables['shipments']>
type Patch = Updateable<FulfilmentTables['shipments']>

/** Every column but the PDF, which only the label download reads. */
const COLUMNS = [
  'id',
  'store_id',
  'order_id',
  'kind',
  'carrier',
  'service_id',
  'tracking_code',
  'tracking_url',
  'me_order_id',
  'me_protocol',
  'status',
  'error',
  'next_poll_at',
  'shipped_at',
  'delivered_at',
  'created_at',
  'updated_at',
] as const
export type ShipmentInfo = Omit<ShipmentRow, 'label_pdf'> & { has_label: boolean }

export async function findShipment(db: DbOrTrx, orderId: string): Promise<ShipmentInfo | undefined> {
  const row = await db
    .selectFrom('shipments')
    .where('order_id', '=', orderId)
    .select(COLUMNS)
    .select((eb) => eb('label_pdf', 'is not', null).as('has_label'))
    .executeTakeFirst()
  return row && { ...row, has_label: Boolean(row.has_label) }
}

export async function findLabel(db: DbOrTrx, storeId: string, orderId: string): Promise<Buffer | null | undefined> {
  const row = await db
    .selectFrom('shipments')
    .where('order_id', '=', orderId)
    .where('store_id', '=', storeId)
    .select('label_pdf')
    .executeTakeFirst()
  return row?.label_pdf
}

/** The order's one shipment row, or undefined when another call holds it already (unique order_id). */
export async function claimShipment(
  db: DbOrTrx,
  row: Insertable<FulfilmentTables['shipments']>,
): Promise<{ id: string } | undefined> {
  return db
    .insertInto('shipments')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst()
}

/** A failed label purchase is taken again by one caller only. */
export async function reclaimFailed(db: DbOrTrx, orderId: string): Promise<boolean> {
  const row = await db
    .updateTable('shipments')
    .set({ status: 'BUYING', error: null, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'FAILED')
    .returning('id')
    .executeTakeFirst()
  return Boolean(row)
}

export async function updateShipment(db: DbOrTrx, id: string, patch: Patch): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .execute()
}

/** Labels due for a tracking poll, locked so N workers never poll one twice. */
export async function lockDuePolls(trx: Trx, now: Date, limit: number) {
  return trx
    .selectFrom('shipments')
    .where('status', '=', 'SHIPPED')
    .where('me_order_id', 'is not', null)
    .where('next_poll_at', '<=', now)
    .select(['id', 'store_id', 'order_id', 'me_order_id'])
    .orderBy('next_poll_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()
}

/**
 * A bought label taken for cancelling by one caller only: SHIPPED → BUYING (the label is in Melhor Envio's hands
 * again, and the tracking poll skips it). False when another click holds it or it is no longer just shipped.
 */
export async function holdLabelForCancel(db: DbOrTrx, orderId: string, storeId: string): Promise<boolean> {
  const row = await db
    .updateTable('shipments')
    .set({ status: 'BUYING', updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('store_id', '=', storeId)
    .where('kind', '=', 'LABEL')
    .where('status', '=', 'SHIPPED')
    .where('me_order_id', 'is not', null)
    .returning('id')
    .executeTakeFirst()
  return Boolean(row)
}

/** The order's shipment is gone (its label cancelled): the unique order_id is free for the next label or code. */
export async function deleteShipment(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('shipments').where('id', '=', id).execute()
}

/** The shipments of a page of orders (the buyer's area), one query. */
export async function findShipmentsOf(db: DbOrTrx, orderIds: readonly string[]): Promise<ShipmentInfo[]> {
  if (orderIds.length === 0) return []
  const rows = await db
    .selectFrom('shipments')
    .where('order_id', 'in', orderIds)
    .select(COLUMNS)
    .select((eb) => eb('label_pdf', 'is not', null).as('has_label'))
    .execute()
  return rows.map((row) => ({ ...row, has_label: Boolean(row.has_label) }))
}
