import { sql } from 'kysely'
import type { CommissionRole, CommissionStatus } from '../../shared/affiliates'
import type { Page } from './repository'
import type { DbOrTrx, Trx } from './tables'

export interface NewCommission {
  storeId: string
  orderId: string
  account: string
  role: CommissionRole
  affiliationId: string | null
  amountCents: number
  releaseAt: Date
  /** The gateway paid this share to the partner's wallet at settlement (split at charge time). */
  gatewayWalletId?: string | null
}

/** The order's shares; none when they exist already (a re-delivered order.paid). */
export async function insertCommissions(trx: Trx, rows: NewCommission[]) {
  return trx
    .insertInto('commissions')
    .values(
      rows.map((c) => ({
        store_id: c.storeId,
        order_id: c.orderId,
        account: c.account,
        role: c.role,
        affiliation_id: c.affiliationId,
        amount_cents: c.amountCents,
        status: 'PENDING' as const,
        release_at: c.releaseAt,
        gateway_wallet_id: c.gatewayWalletId ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'account', 'role']).doNothing())
    .returningAll()
    .execute()
}
export type CommissionRow = Awaited<ReturnType<typeof insertCommissions>>[number]

/** An order's shares, locked: its refunds and its release take turns. */
export async function lockOrderCommissions(trx: Trx, orderId: string) {
  return trx.selectFrom('commissions').where('order_id', '=', orderId).orderBy('id').forUpdate().selectAll().execute()
}

export async function orderCommissions(db: DbOrTrx, orderId: string) {
  return db.selectFrom('commissions').where('order_id', '=', orderId).orderBy('id').selectAll().execute()
}

export async function takeBack(trx: Trx, id: string, cents: number, status: CommissionStatus) {
  await trx
    .updateTable('commissions')
    .set({ reversed_cents: sql<number>`reversed_cents + ${cents}`, status })
    .where('id', '=', id)
    .execute()
}

/** Shares whose release date passed, claimed so that N workers never release one twice. */
export async function claimDue(trx: Trx, now: Date, limit: number) {
  return trx
    .selectFrom('commissions')
    .where('status', '=', 'PENDING')
    .where('release_at', '<=', now)
    .orderBy('release_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .selectAll()
    .execute()
}

/** Released: AVAILABLE, or PAID when the gateway already paid it to the partner's wallet. */
export async function markReleased(trx: Trx, id: string, at: Date, status: 'AVAILABLE' | 'PAID' = 'AVAILABLE') {
  await trx.updateTable('commissions').set({ status, released_at: at }).where('id', '=', id).execute()
}

/**
 * The parts the order's charge asked the gateway to pay (split at charge time), by ledger account: those asked of
 * `chargedBy`, the payment account that made the paid charge (null: the configuration key).
 */
export async function gatewaySplitsOf(db: DbOrTrx, orderId: string, chargedBy: string | null) {
  const rows = await db
    .selectFrom('affiliate_gateway_splits')
    .selectAll()
    .where('order_id', '=', orderId)
    .where(sql<boolean>`payment_account_id is not distinct from ${chargedBy}`)
    .execute()
  return new Map(rows.map((r) => [r.account, { walletId: r.wallet_id, cents: Number(r.amount_cents) }]))
}

export async function accountCommissions(db: DbOrTrx, account: string, page: Page) {
  return db
    .selectFrom('commissions')
    .where('account', '=', account)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .selectAll()
    .execute()
}

/** The store's shares per order: the affiliate's and the producer's side by side (the producer's split view). */
export async function storeCommissions(db: DbOrTrx, storeId: string, page: Page) {
  return db
    .selectFrom('commissions')
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .selectAll()
    .execute()
}

/** The store's attributed sales, one row per order: the affiliate's and the producer's share side by side. */
export async function storeSales(db: DbOrTrx, storeId: string, page: Page) {
  return db
    .selectFrom('commissions')
    .where('store_id', '=', storeId)
    .groupBy('order_id')
    .orderBy(sql`min(created_at)`, 'desc')
    .orderBy('order_id')
    .limit(page.limit)
    .offset(page.offset)
    .select([
      'order_id',
      sql<Date>`min(created_at)`.as('created_at'),
      sql<number>`coalesce(sum(amount_cents) filter (where role = 'AFFILIATE'), 0)`.as('affiliate_cents'),
      sql<number>`coalesce(sum(amount_cents) filter (where role = 'PRODUCER'), 0)`.as('producer_cents'),
      sql<number>`sum(reversed_cents)`.as('reversed_cents'),
      sql<CommissionStatus>`max(status) filter (where role = 'AFFILIATE')`.as('status'),
      sql<string | null>`max(affiliation_id::text)`.as('affiliation_id'),
    ])
    .execute()
}

/** Which of these orders have shares (a refund of any other order is none of this module's business). */
export async function ordersWithCommissions(db: DbOrTrx, orderIds: string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set()
  const rows = await db
    .selectFrom('commissions')
    .where('order_id', 'in', orderIds)
    .select('order_id')
    .distinct()
    .execute()
  return new Set(rows.map((r) => r.order_id))
}
