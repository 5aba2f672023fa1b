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
export async function reclaimFailed(db: DbOrTrx, orderId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('shipments')
    .set({ status: 'BUYING', error: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'FAILED')
    .returning('id')
    .executeTakeFirst()
  return Boolean(row)
}

export async function updateShipment(db: DbOrTrx, id: string, patch: Patch): Promise<void> {
  await db
    .updateTable('shipments')
    // A caller on the injected clock passes its own updated_at (the stuck-purchase sweeper reads it).
    .set({ updated_at: new Date(), ...patch })
    .where('id', '=', id)
    .execute()
}

/**
 * A failed purchase written only while the row is still being bought: a late writer (a purchase the sweeper already
 * finished) never turns a SHIPPED label back into FAILED.
 */
export async function failPurchase(db: DbOrTrx, id: string, patch: Patch): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ updated_at: new Date(), ...patch, status: 'FAILED' })
    .where('id', '=', id)
    .where('status', '=', 'BUYING')
    .execute()
}

/**
 * Labels still 'Gerando etiqueta' (a purchase or a cancel) untouched since `before`: the process doing it died or
 * gave up. Locked so N workers never sweep one twice; the caller moves their updated_at at once (a lease).
 */
export async function lockStuckLabels(trx: Trx, before: Date, limit: number) {
  return trx
    .selectFrom('shipments')
    .where('status', '=', 'BUYING')
    .where('kind', '=', 'LABEL')
    .where('updated_at', '<=', before)
    .select([
      'id',
      'store_id',
      'order_id',
      'carrier',
      'service_id',
      'me_order_id',
      'shipped_at',
      'tracking_code',
      'tracking_url',
    ])
    .orderBy('updated_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()
}
export type StuckLabel = Awaited<ReturnType<typeof lockStuckLabels>>[number]

export async function addShipmentEvent(
  db: DbOrTrx,
  row: Insertable<FulfilmentTables['shipment_events']>,
): Promise<void> {
  await db.insertInto('shipment_events').values(row).execute()
}

/** The order's shipment history, oldest first (a handful of lines per order). */
export async function listShipmentEvents(db: DbOrTrx, storeId: string, orderId: string) {
  return db
    .selectFrom('shipment_events')
    .where('order_id', '=', orderId)
    .where('store_id', '=', storeId)
    .select(['kind', 'message', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
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
export async function holdLabelForCancel(db: DbOrTrx, orderId: string, storeId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('shipments')
    .set({ status: 'BUYING', updated_at: now })
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
