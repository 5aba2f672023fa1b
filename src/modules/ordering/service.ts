/** An order after it is placed: payment outcomes, cancellation with stock given back once, status and lists. */

import { publish } from '../../platform/events'
import { isUuid } from '../../shared/ids'
import { BUYER_AREA_PATH, type OrderStatusResponse, PAID_STATUSES } from '../../shared/ordering'
import { catalogService } from '../catalog'
import type { PaymentStatus } from '../payments'
import { signDownloadToken, signReviewToken } from './access'
import { toOrderFacts, toOrderStatusDto, toStoreFiguresDto } from './dto'
import { orderCancelled, orderPaid, orderPaidAfterCancel, orderPlaced, orderRefunded } from './events'
import { hasRefunds } from './refunds.repository'
import type { OrderRow } from './repository'
import * as repo from './repository'
import { type StoreOrderView, toStoreOrderView } from './store-order.dto'
import type { Db, DbOrTrx, Trx } from './tables'

export const ORDER_NOT_FOUND = 'Pedido não encontrado'

/** The facts every order event carries, read under the caller's transaction. */
export async function factsOf(trx: Trx, row: OrderRow) {
  return toOrderFacts(row, await repo.findItems(trx, [row.id]))
}

/**
 * `order.placed` of a card order, published once its charge was not refused (order-charge.ts): a refused card is an
 * attempt, never an order, so nothing downstream (rollups, bump conversions, UTMify, the Conversions API) sees it.
 */
export async function announcePlaced(trx: Trx, orderId: string) {
  const row = await repo.findOrder(trx, orderId)
  if (row) await publish(trx, orderPlaced, await factsOf(trx, row))
}

/**
 * PENDING → CANCELLED with the stock given back, under the order's row lock: a second call (a retried event, a
 * refusal after an expiry) finds the order no longer PENDING and changes nothing, so stock returns exactly once.
 */
export async function cancelOrder(trx: Trx, orderId: string, reason: string): Promise<boolean> {
  const row = await repo.lockOrder(trx, orderId)
  if (row?.status !== 'PENDING') return false
  const facts = await factsOf(trx, row)
  if (!row.stock_released && row.product_type === 'PHYSICAL')
    for (const item of facts.items) await catalogService.releaseStock(trx, item.productId, item.quantity)
  const cancelledAt = new Date()
  await repo.updateOrder(trx, orderId, { status: 'CANCELLED', cancelled_at: cancelledAt, stock_released: true })
  await publish(trx, orderCancelled, { ...facts, reason, cancelledAt: cancelledAt.toISOString() })
  return true
}

/**
 * PENDING → PAID once, with `order.paid`. A payment that lands after the order was cancelled or expired does NOT
 * revive it: its stock may be sold already and the buyer was told the order is off. The order stays CANCELLED and
 * is flagged (`paid_after_cancel_at` + the paying transaction, `order.paid_after_cancel`), shown to the merchant in
 * the order, who refunds the buyer or fulfils the order by hand. Anything already paid or refunded is left alone.
 */
export async function markPaid(trx: Trx, orderId: string, transactionId?: string): Promise<OrderRow | undefined> {
  const row = await repo.lockOrder(trx, orderId)
  if (!row) return undefined
  const paidAt = new Date()
  if (row.status === 'CANCELLED') {
    if (row.paid_after_cancel_at) return row
    const flagged = await repo.updateOrder(trx, orderId, {
      paid_after_cancel_at: paidAt,
      paid_after_cancel_transaction_id: transactionId ?? row.transaction_id,
    })
    await publish(trx, orderPaidAfterCancel, {
      ...(await factsOf(trx, row)),
      transactionId: transactionId ?? row.transaction_id ?? '',
      paidAt: paidAt.toISOString(),
    })
    return flagged
  }
  if (row.status !== 'PENDING') return row
  const updated = await repo.updateOrder(trx, orderId, {
    status: 'PAID',
    paid_at: paidAt,
    // The order records the charge that paid it: a refund applies only from that one.
    ...(transactionId ? { transaction_id: transactionId } : {}),
  })
  await publish(trx, orderPaid, {
    ...(await factsOf(trx, row)),
    transactionId: transactionId ?? row.transaction_id,
    paidAt: paidAt.toISOString(),
  })
  return updated
}

/**
 * A paid order whose payment was refunded or charged back → REFUNDED once, with `order.refunded`. A chargeback keeps
 * the same status (the money is gone either way) and is flagged, so the merchant and UTMify can tell it apart. A
 * refund of an order with a refund history is left to the refund path (refund-order.ts: each gateway refund is
 * announced on its own, payment.refunded); this covers a gateway that reports only the status.
 */
async function markRefunded(trx: Trx, orderId: string, transactionId: string, chargeback: boolean) {
  const row = await repo.lockOrder(trx, orderId)
  if (!row || !PAID_STATUSES.includes(row.status)) return
  if (!chargeback && (await hasRefunds(trx, orderId))) return
  const refundedAt = new Date()
  await repo.updateOrder(trx, orderId, {
    status: 'REFUNDED',
    charged_back: chargeback,
    refunded_cents: row.total_cents,
  })
  await publish(trx, orderRefunded, {
    ...(await factsOf(trx, row)),
    transactionId,
    refundedAt: refundedAt.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    chargeback,
    amountCents: row.total_cents - row.refunded_cents,
    partial: false,
    refundedTotalCents: row.total_cents,
  })
}

/** What a payment status means for an order, under the order's row lock in the caller's transaction. */
async function applyStatus(
  trx: Trx,
  orderId: string,
  status: PaymentStatus,
  transactionId: string,
  chargedBack = false,
) {
  switch (status) {
    case 'PAID':
      await markPaid(trx, orderId, transactionId)
      return
    case 'REFUSED':
    case 'EXPIRED':
    case 'CANCELLED':
      await cancelOrder(trx, orderId, `payment_${status.toLowerCase()}`)
      return
    case 'REFUNDED':
      await markRefunded(trx, orderId, transactionId, chargedBack)
      return
    default:
      return
  }
}

/**
 * What a payment status means for its order, for a caller that already knows the payment is the order's own (see
 * `applyPaymentEvent`); safe to receive twice.
 */
export async function applyPaymentStatus(db: Db, orderId: string, status: PaymentStatus, transactionId: string) {
  if (!isUuid(orderId)) return
  await db.transaction().execute((trx) => applyStatus(trx, orderId, status, transactionId))
}

/** What payments announces (payment.status_changed), as far as ordering reads it. */
export interface PaymentNews {
  purpose?: 'ORDER' | 'TEST'
  transactionId: string
  storeId: string
  orderRef: string
  status: PaymentStatus
  amountCents: number
  /** With REFUNDED: a card chargeback rather than a refund. */
  chargedBack?: boolean
}

type Log = { warn(obj: object, msg: string): void }

/**
 * Applies payment news to an order only when the transaction is that order's own charge: opened by ordering for this
 * order (never the merchant's test page), of the same store, and for PAID exactly what the order owes. A charge of
 * the order other than the one it records (an older PIX, paid after 'Gerar novo código') may still pay it and then
 * becomes the recorded one; any other status from it is ignored, so an old code's expiry cannot cancel a renewed
 * order nor a duplicate's refund refund it. Everything else is logged and ignored. Checked under the order's row
 * lock, so a renewal recording its new charge cannot slip between the check and the change.
 */
export async function applyPaymentEvent(db: Db, news: PaymentNews, log: Log): Promise<'applied' | 'ignored'> {
  const ignore = (reason: string) => {
    log.warn(
      { transactionId: news.transactionId, orderRef: news.orderRef, status: news.status, reason },
      'payment news ignored',
    )
    return 'ignored' as const
  }
  if (news.purpose === 'TEST') return ignore('test charge')
  if (!isUuid(news.orderRef)) return ignore('not an order reference')
  return db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, news.orderRef)
    if (!order) return ignore('unknown order')
    if (order.store_id !== news.storeId) return ignore('another store')
    if (order.transaction_id !== news.transactionId && news.status !== 'PAID')
      return ignore('not the charge the order records')
    if (news.status === 'PAID' && news.amountCents !== order.total_cents) return ignore('amount differs from the order')
    await applyStatus(trx, order.id, news.status, news.transactionId, news.chargedBack)
    return 'applied' as const
  })
}

/**
 * The buyer's view of an order. What a paid order gives access to (the digital downloads, the verified-review token)
 * is added only with `withAccess`, i.e. for the holder of the order page's token: the order id alone is known to the
 * merchant and travels in logs and URLs, so it must not open the download nor let anyone review as a buyer.
 */
export async function orderStatus(
  db: Db,
  appSecret: string,
  orderId: string,
  opts: { withAccess?: boolean } = {},
): Promise<OrderStatusResponse | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row) return undefined
  return orderStatusOf(db, appSecret, row, opts)
}

/**
 * orderStatus of a row the caller has read, with its items when it has them too (the order page): nothing is read
 * twice, and the items at most once.
 */
export async function orderStatusOf(
  db: Db,
  appSecret: string,
  row: OrderRow,
  opts: { withAccess?: boolean; items?: repo.OrderItemRow[] } = {},
): Promise<OrderStatusResponse> {
  const response: OrderStatusResponse = toOrderStatusDto(row)
  if (!opts.withAccess) return response
  // reviews: the buyer may leave a verified-purchase review through this signed token — once paid for a digital
  // product, once delivered for a physical one (the 'Pedido entregue' e-mail invites it; nobody reviews a parcel
  // still on its way).
  const paid = PAID_STATUSES.includes(row.status)
  const reviewable = row.product_type === 'DIGITAL' ? paid : row.status === 'DELIVERED'
  if (reviewable) response.order.reviewToken = signReviewToken(appSecret, row.id)
  // Only a paid order gives access to anything: an unpaid one needs no items.
  if (!paid) return response
  const items = opts.items ?? (await repo.findItems(db, [row.id]))
  // A refunded line's digital access stops (refund-order.ts); a REFUNDED order is no longer paid at all.
  if (row.product_type === 'DIGITAL') {
    const [item] = items
    if (!item?.refunded_at) {
      const { token, expiresAt } = signDownloadToken(appSecret, row.id)
      // uploaded files are delivered in the buyer's area (signed, per buyer, ended by a refund); a product with only
      // an external link keeps the order's signed redirect to it
      const inArea = item ? (await catalogService.deliverablesOf(db, [item.product_id])).length > 0 : false
      response.order.digitalAccess = {
        productName: item?.name ?? 'Produto digital',
        url: inArea ? BUYER_AREA_PATH : `/api/checkout/orders/${row.id}/download?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
        ...(inArea ? { inArea } : {}),
      }
    }
  }
  // marketing: a digital product added as an order bump is delivered with the order once it is paid.
  const bumpItems = items.filter((i) => i.bump_id && !i.refunded_at)
  const products = bumpItems.length
    ? await catalogService.findProducts(
        db,
        row.store_id,
        bumpItems.map((i) => i.product_id),
      )
    : []
  const digital = bumpItems.filter((i) => products.some((p) => p.id === i.product_id && p.type === 'DIGITAL'))
  if (digital.length) {
    const { token, expiresAt } = signDownloadToken(appSecret, row.id)
    response.order.bumpAccess = digital.map((i) => ({
      productName: i.name,
      url: `/api/checkout/orders/${row.id}/download?token=${encodeURIComponent(token)}&item=${i.id}`,
      expiresAt: expiresAt.toISOString(),
    }))
  }
  return response
}

/**
 * Where a paid digital order's download link leads (the product's file URL), or undefined. `itemId` names an
 * order-bump line of the order (marketing), whose digital product is delivered with any paid order.
 */
export async function digitalFileUrl(db: DbOrTrx, orderId: string, itemId?: string): Promise<string | undefined> {
  const row = await repo.findOrder(db, orderId)
  if (!row || !PAID_STATUSES.includes(row.status)) return undefined
  if (itemId === undefined && row.product_type !== 'DIGITAL') return undefined
  const items = await repo.findItems(db, [row.id])
  const item = itemId === undefined ? items[0] : items.find((i) => i.id === itemId && i.bump_id)
  if (!item || item.refunded_at) return undefined
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
  return toStoreFiguresDto(await repo.paidFiguresByStore(db, storeIds, PAID_STATUSES))
}

/** One order in the store view (spec 000 §3, as the orders page shows it) in cents: the data of a merchant webhook. */
export async function storeOrder(db: DbOrTrx, orderId: string): Promise<StoreOrderView | undefined> {
  if (!isUuid(orderId)) return undefined
  const row = await repo.findOrder(db, orderId)
  if (!row) return undefined
  return toStoreOrderView(row, await repo.findItems(db, [row.id]))
}
