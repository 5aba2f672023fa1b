import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { DbOrTrx, OrderingTables, Trx } from './tables'

export type RefundRow = Selectable<OrderingTables['order_refunds']>

export async function insertRefund(
  trx: Trx,
  values: Omit<OrderingTables['order_refunds'], 'id' | 'created_at' | 'completed_at' | 'gateway_refund_id'> & {
    gateway_refund_id?: string | null
    completed_at?: Date | null
  },
): Promise<RefundRow> {
  return trx.insertInto('order_refunds').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function findRefund(db: DbOrTrx, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findRefundByGatewayId(db: DbOrTrx, gatewayRefundId: string): Promise<RefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('gateway_refund_id', '=', gatewayRefundId).executeTakeFirst()
}

export async function listRefunds(db: DbOrTrx, orderId: string): Promise<RefundRow[]> {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** What refunds in flight hold of an order (their amounts are reserved until the gateway answers). */
export async function pendingCents(trx: Trx, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('order_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('cents'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow()
  return Number(row.cents)
}

/** Whether a refund that is not a failed attempt exists for this line or order. */
async function liveRefundExists(trx: Trx, of: 'item_id' | 'order_id', id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('order_refunds')
    .select('id')
    .where(of, '=', id)
    .where('status', '<>', 'FAILED')
    .executeTakeFirst()
  return Boolean(row)
}

/** Whether a line has a refund that is not a failed attempt. */
export const lineRefunded = (trx: Trx, itemId: string) => liveRefundExists(trx, 'item_id', itemId)

/** Whether the order has any refund history (a refund in flight or made); the refund path then owns REFUNDED. */
export const hasRefunds = (trx: Trx, orderId: string) => liveRefundExists(trx, 'order_id', orderId)

/** PENDING (or a FAILED attempt the gateway made after all) → SUCCEEDED once; undefined if it already was. */
export async function completeRefund(trx: Trx, id: string, gatewayRefundId: string): Promise<RefundRow | undefined> {
  return trx
    .updateTable('order_refunds')
    .set({ status: 'SUCCEEDED', gateway_refund_id: gatewayRefundId, completed_at: new Date(), error_message: null })
    .where('id', '=', id)
    .where('status', '<>', 'SUCCEEDED')
    .returningAll()
    .executeTakeFirst()
}

/** Refunds still PENDING that were asked before `askedBefore`, oldest first (the refund sweeper's batch). */
export async function listStalePending(db: DbOrTrx, askedBefore: Date, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('created_at', '<', askedBefore)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function failRefund(db: DbOrTrx, id: string, message: string): Promise<void> {
  await db
    .updateTable('order_refunds')
    .set({ status: 'FAILED', error_message: message, completed_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute()
}

export async function markItemsRefunded(trx: Trx, orderId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return
  await trx
    .updateTable('order_items')
    .set({ refunded_at: new Date() })
    .where('order_id', '=', orderId)
    .where('id', 'in', itemIds)
    .where('refunded_at', 'is', null)
    .execute()
}
