/** The sales screen's SQL: the merchant's orders across their stores, filtered, newest first. */
import { sql } from 'kysely'
import { toCents } from '../../shared/money'
import type { OrderPaymentMethod } from '../../shared/ordering-rules'
import { addDays, startOfDay } from '../../shared/periods'
import { SALE_STATUS_ORDERS, type SalesQuery } from '../../shared/sales'
import type { OrderRow } from './repository'
import type { DbOrTrx } from './tables'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One page of sales over (store_id, [status,] created_at), and how many match counting at most `cap` rows.
 * `payments`: the payment methods the filter stands for (undefined: any).
 */
export async function findSalesPage(
  db: DbOrTrx,
  storeIds: string[],
  query: SalesQuery,
  opts: { payments: readonly OrderPaymentMethod[] | undefined; cap: number },
): Promise<{ total: number; rows: OrderRow[] }> {
  const { page, limit } = query
  let base = db.selectFrom('orders').where('store_id', 'in', storeIds)
  if (query.status) base = base.where('status', 'in', SALE_STATUS_ORDERS[query.status])
  if (opts.payments) base = base.where('payment_method', 'in', opts.payments)
  if (query.coupon) base = base.where(sql<boolean>`lower(coupon_code) = lower(${query.coupon})`)
  if (query.customerName) base = base.where('customer_name', 'ilike', `%${escapeLike(query.customerName)}%`)
  if (query.startDate) base = base.where('created_at', '>=', startOfDay(query.startDate))
  if (query.endDate) base = base.where('created_at', '<', startOfDay(addDays(query.endDate, 1)))
  if (query.minAmount !== undefined) base = base.where('total_cents', '>=', toCents(query.minAmount))
  if (query.maxAmount !== undefined) base = base.where('total_cents', '<=', toCents(query.maxAmount))

  const { n } = await db
    .selectFrom(base.select(sql`1`.as('one')).limit(opts.cap).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()
  return { total: Number(n), rows }
}
