import { sql } from 'kysely'
import type { LedgerTxn } from './ledger'
import type { DbOrTrx, Trx } from './tables'

/**
 * Writes one ledger transaction and its entries; false (and nothing written) when its key was posted before.
 * The entries must balance: the deferred trigger refuses the commit otherwise.
 */
export async function postTransaction(trx: Trx, t: LedgerTxn): Promise<boolean> {
  const row = await trx
    .insertInto('ledger_transactions')
    .values({ key: t.key, store_id: t.storeId, order_id: t.orderId, kind: t.kind, created_at: t.at })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!row) return false
  if (t.entries.length)
    await trx
      .insertInto('ledger_entries')
      .values(
        t.entries.map((e) => ({
          transaction_id: row.id,
          store_id: t.storeId,
          order_id: t.orderId,
          commission_id: e.commissionId,
          account: e.account,
          bucket: e.bucket,
          kind: e.kind,
          amount_cents: e.amountCents,
          created_at: t.at,
        })),
      )
      .execute()
  return true
}

export interface BucketSum {
  storeId: string
  bucket: string
  cents: number
}

/** An account's balance per store and bucket: the sum of its entries, never a stored figure. */
export async function accountBalances(db: DbOrTrx, account: string): Promise<BucketSum[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .where('account', '=', account)
    .groupBy(['store_id', 'bucket'])
    .select(['store_id', 'bucket', sql<string>`sum(amount_cents)`.as('cents')])
    .execute()
  return rows.map((r) => ({ storeId: r.store_id, bucket: r.bucket, cents: Number(r.cents) }))
}

/** What one order left in each account and bucket (all zero once it is wholly refunded). */
export async function orderBalances(
  db: DbOrTrx,
  orderId: string,
): Promise<{ account: string; bucket: string; cents: number }[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .where('order_id', '=', orderId)
    .groupBy(['account', 'bucket'])
    .select(['account', 'bucket', sql<string>`sum(amount_cents)`.as('cents')])
    .execute()
  return rows.map((r) => ({ account: r.account, bucket: r.bucket, cents: Number(r.cents) }))
}

/** Ledger transactions whose entries do not sum to zero (the consistency check; always empty). */
export async function unbalancedTransactions(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .groupBy('transaction_id')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .select('transaction_id')
    .execute()
  return rows.map((r) => r.transaction_id)
}

/** Orders whose shares do not sum to their net as the ledger booked it (−(gateway sale + platform fee)). */
export async function ordersNotSummingToNet(db: DbOrTrx): Promise<string[]> {
  const rows = await sql<{ order_id: string }>`
    select c.order_id from commissions c
    group by c.order_id
    having sum(c.amount_cents) <> (
      select coalesce(-sum(e.amount_cents), 0) from ledger_entries e
      where e.order_id = c.order_id and e.account in ('gateway', 'platform') and e.kind in ('SALE', 'FEE')
    )`.execute(db)
  return rows.rows.map((r) => r.order_id)
}

/** Commissions whose ledger entries do not add up to what is still credited (amount − reversed). */
export async function commissionsNotMatchingLedger(db: DbOrTrx): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select c.id from commissions c
    where c.amount_cents - c.reversed_cents <> (
      select coalesce(sum(e.amount_cents), 0) from ledger_entries e
      where e.commission_id = c.id
        and (e.bucket in ('PENDING', 'AVAILABLE') or (e.bucket = 'PAID' and c.gateway_wallet_id is not null))
    )`.execute(db)
  return rows.rows.map((r) => r.id)
}
