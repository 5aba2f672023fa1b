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

/**
 * A refused card's order gives its number back when no later order took one (issue 33 item 5: no gap after a
 * refusal). The counter's row lock orders this against concurrent orders; if one took the next number meanwhile, the
 * gap stays: numbers already given out are never reused.
 */
export async function giveBackOrderNumber(trx: Trx, storeId: string, orderNumber: number) {
  await trx
    .updateTable('order_counters')
    .set((eb) => ({ last_number: eb('last_number', '-', 1) }))
    .where('store_id', '=', storeId)
    .where('last_number', '=', orderNumber)
    .execute()
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
