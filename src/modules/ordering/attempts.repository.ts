/** SQL of checkout attempts: refused card payments kept apart from orders (issue 26). */
import type { Insertable } from 'kysely'
import type { DbOrTrx, OrderingTables, Trx } from './tables'

export async function insertAttempt(trx: Trx, row: Insertable<OrderingTables['checkout_attempts']>) {
  return trx.insertInto('checkout_attempts').values(row).returning(['id', 'created_at']).executeTakeFirstOrThrow()
}

/** The order leaves with its items (cascade); its Idempotency-Key keeps the stored answer but names no order. */
export async function deleteOrder(trx: Trx, orderId: string) {
  await trx.updateTable('order_idempotency_keys').set({ order_id: null }).where('order_id', '=', orderId).execute()
  await trx.deleteFrom('orders').where('id', '=', orderId).execute()
}

/** A store's attempts, newest first (the recovery screen lists them as 'Recusado'). */
export async function listAttempts(db: DbOrTrx, storeId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('checkout_attempts')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function attemptsOfSessions(db: DbOrTrx, sessionIds: string[]) {
  if (sessionIds.length === 0) return []
  return db
    .selectFrom('checkout_attempts')
    .select(['checkout_session_id', 'status', 'created_at'])
    .where('checkout_session_id', 'in', sessionIds)
    .execute()
}
