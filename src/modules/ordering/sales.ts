/**
 * The sales screen (spec 000 §2 'Vendas'): the merchant's orders across all of their own stores, with Portuguese
 * labels, and the status changes the merchant may make by hand.
 */
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { isUuid } from '../../shared/ids'
import { formatOrderNumber, type OrderStatus, PAID_STATUSES } from '../../shared/ordering'
import {
  SALE_PAYMENT_ORDERS,
  SALE_STATUS_TARGET,
  SALES_MSG,
  type Sale,
  type SaleStatus,
  type SalesList,
  type SalesQuery,
  saleStatusOf,
} from '../../shared/sales'
import { storesService } from '../stores'
import { toSaleDto } from './dto'
import { orderStatusChanged } from './events'
import { markOrderDelivered, markOrderShipped, SHIPMENT_REFUSED } from './fulfilment-status'
import type { OrderRow } from './repository'
import * as repo from './repository'
import { findSalesPage } from './sales.repository'
import { cancelOrder, markPaid } from './service'
import type { Db, DbOrTrx, Trx } from './tables'

/** Rows counted past the current page for the page count. */
export const COUNT_AHEAD = 2_000

/** The caller's sales, newest first, filtered and paginated in SQL over (store_id, [status,] created_at). */
export async function listSales(db: Db, userId: string, query: SalesQuery): Promise<SalesList> {
  const { page, limit } = query
  const stores = await storesService.listStoresByUser(db, userId)
  const empty = { sales: [], total: 0, totalPages: 0, page }
  if (stores.length === 0) return empty
  const payments = query.paymentMethod ? SALE_PAYMENT_ORDERS[query.paymentMethod] : undefined
  if (payments && payments.length === 0) return empty

  // Counting every match costs a pass over all of a merchant's orders (~150 ms at 1M); counting at most
  // COUNT_AHEAD rows past this page (200 pages of 10) costs a few ms. Past the cap `total` is a lower bound that
  // grows as one pages on.
  const cap = (page - 1) * limit + COUNT_AHEAD
  const { total, rows } = await findSalesPage(
    db,
    stores.map((s) => s.id),
    query,
    { payments, cap },
  )
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

/**
 * Sets a sale's status by hand, under the order's row lock, in the caller's transaction, through the same steps the
 * rest of the platform takes, so money, stock and shipping stay right:
 * - Cancelado goes through cancelOrder (stock back exactly once); only an unpaid sale can be cancelled here — a paid
 *   one is refunded from the orders screen (the gateway returns the money) and reads Reembolsado.
 * - Reembolsado is never set by hand: it is what a refund does.
 * - Pago on a pending sale goes through markPaid (order.paid): a manual confirmation, e.g. a boleto paid at the counter.
 * - Enviado and Entregue are fulfilment's PAID → SHIPPED → DELIVERED (markOrderShipped / markOrderDelivered): a digital
 *   order has no shipment, an unpaid one is not sent, nothing is delivered before it is sent, and nothing goes back.
 *   The order.status-changed event lets fulfilment record the shipment and tell the buyer, as for its own route.
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
  const paid = PAID_STATUSES.includes(row.status)
  if (target === 'PENDING') throw new AppError(409, SALES_MSG.backToPending)
  if (target === 'REFUNDED') throw new AppError(409, SALES_MSG.refundHere)
  if (target === 'CANCELLED') {
    if (paid) throw new AppError(409, SALES_MSG.paidCannotCancel)
    await cancelOrder(trx, row.id, 'merchant_cancelled')
  } else if (target === 'PAID') {
    if (row.status !== 'PENDING') throw new AppError(409, SALES_MSG.backToPaid)
    await markPaid(trx, row.id)
  } else {
    if (row.product_type !== 'PHYSICAL') throw new AppError(409, SHIPMENT_REFUSED.digital)
    if (!paid) throw new AppError(409, SALES_MSG.unpaidCannotShip)
    if (target === 'SHIPPED') {
      if (row.status === 'DELIVERED') throw new AppError(409, SALES_MSG.deliveredStays)
      await markOrderShipped(trx, row.store_id, row.id)
    } else await markOrderDelivered(trx, row.store_id, row.id)
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

/** PATCH /sales/:saleId/status: the status change in one transaction with its events; 404 for a foreign sale. */
export async function setSaleStatus(db: Db, userId: string, saleId: string, label: SaleStatus): Promise<Sale> {
  return requireSale(await db.transaction().execute((trx) => changeSaleStatus(trx, userId, saleId, label)))
}

export function requireSale(sale: Sale | undefined): Sale {
  if (!sale) throw new AppError(404, SALES_MSG.notFound)
  return sale
}
