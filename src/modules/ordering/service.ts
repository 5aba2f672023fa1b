/** An order after it is placed: payment outcomes, cancellation with stock given back once, status and lists. */
import type { Db, DbOrTrx, Trx } from '../../platform/db'
import { publish } from '../../platform/events'
import { toReais } from '../../shared/money'
import { formatOrderNumber, type OrderStatusResponse, PAID_STATUSES } from '../../shared/ordering'
import { type CatalogProduct, catalogService } from '../catalog'
import type { PaymentStatus } from '../payments'
import { isUuid } from '../stores'
import { signDownloadToken, signReviewToken } from './access'
import { orderCancelled, orderPaid } from './events'
import type { OrderRow } from './repository'
import * as repo from './repository'

export const ORDER_NOT_FOUND = 'Pedido não encontrado'

export function orderFacts(
  row: OrderRow,
  product: Pick<CatalogProduct, 'id' | 'name' | 'priceCents'>,
  quantity: number,
) {
  return {
    orderId: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    productType: row.product_type,
    totalCents: row.total_cents,
    paymentMethod: row.payment_method,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    items: [{ productId: product.id, name: product.name, quantity, unitPriceCents: product.priceCents }],
  }
}

async function factsOf(trx: Trx, row: OrderRow) {
  const items = await repo.findItems(trx, [row.id])
  return {
    orderId: row.id,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    productType: row.product_type,
    totalCents: row.total_cents,
    paymentMethod: row.payment_method,
    customer: { name: row.customer_name, email: row.customer_email, phone: row.customer_phone },
    items: items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      quantity: i.quantity,
      unitPriceCents: i.unit_price_cents,
    })),
  }
}

async function giveStockBack(trx: Trx, row: OrderRow) {
  if (row.product_type !== 'PHYSICAL') return
  for (const item of await repo.findItems(trx, [row.id]))
    await catalogService.releaseStock(trx, item.product_id, item.quantity)
}

/**
 * PENDING → CANCELLED with the stock given back, under the order's row lock: a second call (a retried event, a
 * refusal after an expiry) finds the order no longer PENDING and changes nothing, so stock returns exactly once.
 */
export async function cancelOrder(trx: Trx, orderId: string, reason: string): Promise<boolean> {
  const row = await repo.lockOrder(trx, orderId)
  if (row?.status !== 'PENDING') return false
  if (!row.stock_released) await giveStockBack(trx, row)
  await repo.updateOrder(trx, orderId, { status: 'CANCELLED', cancelled_at: new Date(), stock_released: true })
  await publish(trx, orderCancelled, {
    orderId,
    storeId: row.store_id,
    orderNumber: formatOrderNumber(row.order_number),
    reason,
  })
  return true
}

/**
 * → PAID once, with `order.paid`. A payment that lands after the order was cancelled (a PIX paid after its expiry)
 * still makes it PAID — the money is in — and takes the stock again if any is left.
 */
export async function markPaid(trx: Trx, orderId: string, transactionId?: string): Promise<OrderRow | undefined> {
  const row = await repo.lockOrder(trx, orderId)
  if (!row) return undefined
  if (row.status !== 'PENDING' && row.status !== 'CANCELLED') return row
  if (row.status === 'CANCELLED' && row.stock_released && row.product_type === 'PHYSICAL') {
    for (const item of await repo.findItems(trx, [row.id]))
      await catalogService.reserveStock(trx, item.product_id, item.quantity)
  }
  const paidAt = new Date()
  const updated = await repo.updateOrder(trx, orderId, {
    status: 'PAID',
    paid_at: paidAt,
    cancelled_at: null,
    stock_released: false,
    ...(transactionId && !row.transaction_id ? { transaction_id: transactionId } : {}),
  })
  await publish(trx, orderPaid, {
    ...(await factsOf(trx, row)),
    transactionId: transactionId ?? row.transaction_id,
    paidAt: paidAt.toISOString(),
  })
  return updated
}

/** What a payment status means for its order; safe to receive twice. */
export async function applyPaymentStatus(db: Db, orderId: string, status: PaymentStatus, transactionId: string) {
  if (!isUuid(orderId)) return
  await db.transaction().execute(async (trx) => {
    switch (status) {
      case 'PAID':
        await markPaid(trx, orderId, transactionId)
        return
      case 'REFUSED':
      case 'EXPIRED':
      case 'CANCELLED':
        await cancelOrder(trx, orderId, `payment_${status.toLowerCase()}`)
        return
      case 'REFUNDED': {
        const row = await repo.lockOrder(trx, orderId)
        if (row && PAID_STATUSES.includes(row.status)) await repo.updateOrder(trx, orderId, { status: 'REFUNDED' })
        return
      }
      default:
        return
    }
  })
}

/** The buyer's view of an order; the digital access appears only once the order is paid. */
export async function orderStatus(
  db: Db,
  appSecret: string,
  orderId: string,
): Promise<OrderStatusResponse | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row) return undefined
  const response: OrderStatusResponse = {
    success: true,
    order: {
      id: row.id,
      orderNumber: formatOrderNumber(row.order_number),
      status: row.status,
      total: toReais(row.total_cents),
      paymentMethod: row.payment_method,
      productType: row.product_type,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    },
  }
  // reviews: a paid order's buyer may leave a verified-purchase review through this signed token.
  if (PAID_STATUSES.includes(row.status)) response.order.reviewToken = signReviewToken(appSecret, row.id)
  if (row.product_type === 'DIGITAL' && PAID_STATUSES.includes(row.status)) {
    const [item] = await repo.findItems(db, [row.id])
    const { token, expiresAt } = signDownloadToken(appSecret, row.id)
    response.order.digitalAccess = {
      productName: item?.name ?? 'Produto digital',
      url: `/api/checkout/orders/${row.id}/download?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    }
  }
  return response
}

/** Where a paid digital order's download link leads (the product's file URL), or undefined. */
export async function digitalFileUrl(db: DbOrTrx, orderId: string): Promise<string | undefined> {
  const row = await repo.findOrder(db, orderId)
  if (row?.product_type !== 'DIGITAL' || !PAID_STATUSES.includes(row.status)) return undefined
  const [item] = await repo.findItems(db, [row.id])
  if (!item) return undefined
  const product = await catalogService.findProduct(db, row.store_id, item.product_id)
  const url = product?.digitalFileUrl
  return url && /^https?:\/\//i.test(url) ? url : undefined
}

export async function listStoreOrders(db: Db, storeId: string, page: { limit?: number; offset?: number }) {
  const rows = await repo.listStoreOrders(db, storeId, page)
  const items = await repo.findItems(
    db,
    rows.map((r) => r.id),
  )
  return { rows, items }
}

/** Paid orders per store, for the admin user details (identity asks every module for its figures). */
export async function storeFigures(db: Db, storeIds: string[]) {
  const { totals, recent } = await repo.paidFiguresByStore(db, storeIds, PAID_STATUSES)
  const result = new Map<string, { totalOrders: number; totalRevenue: number; recentOrders: { createdAt: string }[] }>()
  for (const t of totals)
    result.set(t.store_id, { totalOrders: Number(t.orders), totalRevenue: toReais(Number(t.cents)), recentOrders: [] })
  for (const r of recent) result.get(r.store_id)?.recentOrders.push({ createdAt: r.created_at.toISOString() })
  return result
}
