import type { DbOrTrx } from './tables'

/** The order's paid charge and the fees of the account that made it (null account: the configuration screen's key). */
export async function paidChargeFees(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('payment_transactions as t')
    .leftJoin('payment_accounts as a', 'a.id', 't.account_id')
    .where('t.order_ref', '=', orderId)
    .where('t.purpose', '=', 'ORDER')
    .where('t.paid_at', 'is not', null)
    .orderBy('t.paid_at')
    .select(['t.store_id', 't.method', 't.amount_cents', 't.account_id', 'a.fees'])
    .executeTakeFirst()
}
