/**
 * The sales screen (spec 000 §2 'Vendas'): the merchant's orders across all of their own stores, with Portuguese
 * labels, and the status changes the merchant may make by hand.
 */
import { sql } from 'kysely'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { toCents, toReais } from '../../shared/money'
import { formatOrderNumber, type OrderStatus } from '../../shared/ordering'
import { addDays, startOfDay } from '../../shared/periods'
import {
  SALE_PAYMENT_ORDERS,
  SALE_STATUS_ORDERS,
  SALE_STATUS_TARGET,
  SALES_MSG,
  type Sale,
  type SaleStatus,
  type SalesList,
  type SalesQuery,
  salePaymentOf,
  saleStatusOf,
} from '../../shared/sales'
import { isUuid, storesService } from '../stores'
import { orderStatusChanged } from './events'
import type { OrderItemRow, OrderRow } from './repository'
import * as repo from './repository'
import { cancelOrder, markPaid } from './service'
import type { Db, DbOrTrx, Trx } from './tables'

export function toSaleDto(row: OrderRow, items: OrderItemRow[], storeName: string): Sale {
  return {
    id: row.id,
    orderNumber: formatOrderNumber(row.order_number),
    storeId: row.store_id,
    storeName,
    date: row.created_at.toISOString(),
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      price: toReais(i.unit_price_cents),
    })),
    totalAmount: toReais(row.total_cents),
    status: saleStatusOf(row.status),
    paymentMethod: salePaymentOf(row.payment_method),
    chargeback: row.charged_back,
  }
}

/** Rows counted past the current page for the page count. */
export const COUNT_AHEAD = 2_000

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The caller's sales, newest first, filtered and paginated in SQL over (store_id, [status,] created_at). */
export async function listSales(db: Db, userId: string, query: SalesQuery): Promise<SalesList> {
  const { page, limit } = query
  const stores = await storesService.listStoresByUser(db, userId)
  const empty = { sales: [], total: 0, totalPages: 0, page }
  if (stores.length === 0) return empty
  const payments = query.paymentMethod ? SALE_PAYMENT_ORDERS[query.paymentMethod] : undefined
  if (payments && payments.length === 0) return empty

  let base = db.selectFrom('orders').where(
    'store_id',
    'in',
    stores.map((s) => s.id),
  )
  if (query.status) base = base.where('status', 'in', SALE_STATUS_ORDERS[query.status])
  if (payments) base = base.where('payment_method', 'in', payments)
  if (query.customerName) base = base.where('customer_name', 'ilike', `%${escapeLike(query.customerName)}%`)
  if (query.startDate) base = base.where('created_at', '>=', startOfDay(query.startDate))
  if (query.endDate) base = base.where('created_at', '<', startOfDay(addDays(query.endDate, 1)))
  if (query.minAmount !== undefined) base = base.where('total_cents', '>=', toCents(query.minAmount))
  if (query.maxAmount !== undefined) base = base.where('total_cents', '<=', toCents(query.maxAmount))

  // Counting every match costs a pass over all of a merchant's orders (~150 ms at 1M); counting at most
  // COUNT_AHEAD rows past this page (200 pages of 10) costs a few ms. Past the cap `total` is a lower bound that
  // grows as one pages on.
  const cap = (page - 1) * limit + COUNT_AHEAD
  const { n } = await db
    .selectFrom(base.select(sql`1`.as('one')).limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const total = Number(n)
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()
  const items = await repo.findItems(
    db,
    rows.map((r) => r.id),
  )
  const names = new Map(stores.map((s) => [s.id, s.name]))
  return {
    sales: rows.map((r) =>
      toSaleDto(
        r,
        items.filter((i) => i.order_id === r.id),
        names.get(r.store_id) ?? '',
      ),
    ),
    total,
    totalPages: Math.ceil(total / limit),
    page,
  }
}

async function loadSale(db: DbOrTrx, row: OrderRow, storeName: string): Promise<Sale> {
  return toSaleDto(row, await repo.findItems(db, [row.id]), storeName)
}

const FINAL: readonly OrderStatus[] = ['CANCELLED', 'REFUNDED']
const PAID: readonly OrderStatus[] = ['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED']

/**
 * Sets a sale's status by hand, under the order's row lock, in the caller's transaction. Money and stock stay right:
 * - Cancelado goes through cancelOrder (stock back exactly once); only an unpaid sale can be cancelled here — a paid
 *   one needs its payment refunded, which the gateway reports as REFUNDED (shown as Cancelado).
 * - Pago on a pending sale goes through markPaid (order.paid): a manual confirmation, e.g. a boleto paid at the counter.
 * - Enviado/Entregue need the money first; nothing goes back to Pendente; a cancelled or refunded sale is final.
 * Returns undefined when the sale is unknown or belongs to another merchant.
 */
export async function changeSaleStatus(
  trx: Trx,
  userId: string,
  saleId: string,
  label: SaleStatus,
): Promise<Sale | undefined> {
  if (!isUuid(saleId)) return undefined
  const row = await repo.lockOrder(trx, saleId)
  if (!row) return undefined
  const store = await storesService.findStoreById(trx, row.store_id)
  if (!store || store.user_id !== userId) return undefined

  if (saleStatusOf(row.status) === label) return loadSale(trx, row, store.name)
  if (FINAL.includes(row.status)) throw new AppError(409, SALES_MSG.cancelledLocked)

  const target = SALE_STATUS_TARGET[label]
  const paid = PAID.includes(row.status)
  if (target === 'PENDING') throw new AppError(409, SALES_MSG.backToPending)
  if (target === 'CANCELLED') {
    if (paid) throw new AppError(409, SALES_MSG.paidCannotCancel)
    await cancelOrder(trx, row.id, 'merchant_cancelled')
  } else if (target === 'PAID' && row.status === 'PENDING') {
    await markPaid(trx, row.id)
  } else {
    if (!paid) throw new AppError(409, SALES_MSG.unpaidCannotShip)
    await repo.updateOrder(trx, row.id, { status: target })
  }

  const updated = await repo.findOrder(trx, row.id)
  if (!updated) return undefined
  await publish(trx, orderStatusChanged, {
    orderId: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    from: row.status,
    to: updated.status,
    userId,
  })
  return loadSale(trx, updated, store.name)
}

export function requireSale(sale: Sale | undefined): Sale {
  if (!sale) throw new AppError(404, SALES_MSG.notFound)
  return sale
}
