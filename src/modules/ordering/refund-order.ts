/**
 * Refunds of a paid order, whole or partial (an amount or one line), asked from the merchant's order screen or made
 * at the gateway. The amount is reserved under the order's row lock before the gateway is called (a PENDING
 * refund), so any number of concurrent clicks asks the gateway for at most what was paid; the gateway's refund id is
 * unique, so its answer and its later postback (payment.refunded) apply the refund once.
 */
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { isUuid } from '../../shared/ids'
import { formatCents, toCents } from '../../shared/money'
import { PAID_STATUSES } from '../../shared/ordering'
import { aboveLeft, REFUND_MESSAGES, type RefundList, refundInputSchema } from '../../shared/refunds'
import { catalogService } from '../catalog'
import { type PaymentsDeps, paymentsService } from '../payments'
import { soldTotalCents, toRefundDto, toRefundListDto } from './dto'
import { orderRefunded } from './events'
import * as refunds from './refunds.repository'
import type { OrderRow } from './repository'
import * as repo from './repository'
import { factsOf, ORDER_NOT_FOUND } from './service'
import type { Db, Trx } from './tables'

export type RefundDeps = PaymentsDeps
type Log = { warn(obj: object, msg: string): void }

/** Statuses in which the goods have not left: a refunded physical line's stock comes back. */
const NOT_SHIPPED = new Set(['PAID', 'PROCESSING'])

export async function refundOrder(
  deps: RefundDeps,
  storeId: string,
  orderId: string,
  userId: string,
  raw: unknown,
): Promise<ReturnType<typeof toRefundDto>> {
  const input = refundInputSchema.parse(raw)
  if (!isUuid(orderId)) throw new AppError(404, ORDER_NOT_FOUND)
  const { order, refund } = await deps.db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, orderId)
    if (!order || order.store_id !== storeId) throw new AppError(404, ORDER_NOT_FOUND)
    if (order.status === 'REFUNDED') throw new AppError(409, REFUND_MESSAGES.alreadyRefunded)
    if (!PAID_STATUSES.includes(order.status) || !order.transaction_id) throw new AppError(409, REFUND_MESSAGES.notPaid)
    const pending = await refunds.pendingCents(trx, orderId)
    const left = order.total_cents - order.refunded_cents - pending
    if (left <= 0) throw new AppError(409, pending > 0 ? REFUND_MESSAGES.inProgress : REFUND_MESSAGES.alreadyRefunded)
    let lineCents: number | undefined
    if (input.itemId) {
      const item = (await repo.findItems(trx, [orderId])).find((i) => i.id === input.itemId)
      if (!item) throw new AppError(400, REFUND_MESSAGES.itemNotInOrder, { itemId: REFUND_MESSAGES.itemNotInOrder })
      if (item.refunded_at || (await refunds.lineRefunded(trx, item.id)))
        throw new AppError(409, REFUND_MESSAGES.itemAlreadyRefunded)
      // What the buyer paid for the line (its share of the coupon and method discounts taken off), not its list price.
      lineCents = soldTotalCents(item)
    }
    const amountCents = input.amount !== undefined ? toCents(input.amount) : Math.min(lineCents ?? left, left)
    if (amountCents > left) {
      const message = aboveLeft(formatCents(left))
      throw new AppError(400, message, { amount: message })
    }
    const refund = await refunds.insertRefund(trx, {
      order_id: order.id,
      store_id: order.store_id,
      item_id: input.itemId ?? null,
      amount_cents: amountCents,
      reason: input.reason,
      status: 'PENDING',
      error_message: null,
      requested_by: userId,
    })
    return { order, refund }
  })

  const outcome = await paymentsService.refundCharge(deps, {
    storeId,
    transactionId: order.transaction_id!,
    amountCents: refund.amount_cents,
    reason: refund.reason,
    externalRef: refund.id,
  })
  if (!outcome.ok) {
    // No answer: the refund may have happened. It stays reserved until the gateway's postback tells (payment.refunded).
    if (outcome.kind === 'unavailable') throw new AppError(503, REFUND_MESSAGES.gatewayNoAnswer)
    await refunds.failRefund(deps.db, refund.id, outcome.message)
    const message = `${REFUND_MESSAGES.refusedPrefix}: ${outcome.message}`
    throw new AppError(422, message, { gateway: outcome.message })
  }
  await settleRefund(deps.db, order.id, refund.id, outcome.gatewayRefundId)
  const done = await refunds.findRefund(deps.db, refund.id)
  return toRefundDto(done!, null)
}

/** Our refund the gateway made (its answer, or found there by the sweeper): applied once, under the order lock. */
export async function settleRefund(db: Db, orderId: string, refundId: string, gatewayRefundId: string) {
  return db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, orderId)
    return locked ? applyRefund(trx, locked, refundId, gatewayRefundId) : false
  })
}

/**
 * A refund the gateway made, applied once (the refund row goes to SUCCEEDED only once): the order's refunded amount,
 * REFUNDED when nothing is left, the refunded lines' stock back when not shipped, their digital access stopped, and
 * `order.refunded` in the same transaction. `order` is locked by the caller.
 */
async function applyRefund(trx: Trx, order: OrderRow, refundId: string, gatewayRefundId: string) {
  const done = await refunds.completeRefund(trx, refundId, gatewayRefundId)
  if (!done) return false
  const refundedTotal = order.refunded_cents + done.amount_cents
  const whole = refundedTotal >= order.total_cents
  const items = await repo.findItems(trx, [order.id])
  const lines = items.filter((i) => !i.refunded_at && (whole || i.id === done.item_id))
  if (NOT_SHIPPED.has(order.status) && !order.stock_released)
    for (const line of lines) await catalogService.releaseStock(trx, line.product_id, line.quantity)
  await refunds.markItemsRefunded(
    trx,
    order.id,
    lines.map((l) => l.id),
  )
  await repo.updateOrder(trx, order.id, {
    refunded_cents: refundedTotal,
    ...(whole ? { status: 'REFUNDED' as const, stock_released: NOT_SHIPPED.has(order.status) } : {}),
  })
  await publish(trx, orderRefunded, {
    ...(await factsOf(trx, order)),
    transactionId: order.transaction_id ?? '',
    refundedAt: (done.completed_at ?? new Date()).toISOString(),
    paidAt: order.paid_at ? order.paid_at.toISOString() : null,
    chargeback: false,
    amountCents: done.amount_cents,
    partial: !whole,
    refundedTotalCents: refundedTotal,
    refundId: done.id,
    itemId: done.item_id,
    reason: done.reason,
  })
  return true
}

/** What payments announces of a gateway refund (payment.refunded), as far as ordering reads it. */
export interface RefundNews {
  purpose?: 'ORDER' | 'TEST'
  transactionId: string
  storeId: string
  orderRef: string
  gatewayRefundId: string
  amountCents: number
  externalRef: string | null
}

export const GATEWAY_REFUND_REASON = 'Reembolso feito no painel do gateway'

/**
 * A refund the gateway reports for an order's own charge: ours (externalRef names our refund: completed if it was
 * not yet) or one made at the gateway's dashboard (recorded, then applied). Known gateway refund ids change nothing.
 */
export async function applyGatewayRefund(db: Db, news: RefundNews, log: Log): Promise<'applied' | 'ignored'> {
  const ignore = (reason: string) => {
    log.warn({ transactionId: news.transactionId, gatewayRefundId: news.gatewayRefundId, reason }, 'refund ignored')
    return 'ignored' as const
  }
  if (news.purpose === 'TEST' || !isUuid(news.orderRef)) return ignore('not an order charge')
  return db.transaction().execute(async (trx) => {
    const order = await repo.lockOrder(trx, news.orderRef)
    if (!order || order.store_id !== news.storeId) return ignore('unknown order')
    if (order.transaction_id !== news.transactionId) return ignore('not the charge the order records')
    if (await refunds.findRefundByGatewayId(trx, news.gatewayRefundId)) return 'ignored' as const
    const ours =
      news.externalRef && isUuid(news.externalRef) ? await refunds.findRefund(trx, news.externalRef) : undefined
    if (ours && ours.order_id === order.id) {
      if (ours.amount_cents !== news.amountCents) return ignore('amount differs from the refund asked')
      return (await applyRefund(trx, order, ours.id, news.gatewayRefundId)) ? 'applied' : 'ignored'
    }
    if (!PAID_STATUSES.includes(order.status)) return ignore('order not paid')
    const left = order.total_cents - order.refunded_cents - (await refunds.pendingCents(trx, order.id))
    if (news.amountCents <= 0 || news.amountCents > left) return ignore('more than is left of the order')
    const made = await refunds.insertRefund(trx, {
      order_id: order.id,
      store_id: order.store_id,
      item_id: null,
      amount_cents: news.amountCents,
      reason: GATEWAY_REFUND_REASON,
      status: 'PENDING',
      error_message: null,
      requested_by: null,
    })
    await applyRefund(trx, order, made.id, news.gatewayRefundId)
    return 'applied' as const
  })
}

/** An order's refunds, for its owner (GET .../refunds); undefined for an unknown or foreign order. */
export async function listOrderRefunds(db: Db, storeId: string, orderId: string): Promise<RefundList | undefined> {
  if (!isUuid(orderId)) return undefined
  const order = await repo.findOrder(db, orderId)
  if (!order || order.store_id !== storeId) return undefined
  const [rows, items] = await Promise.all([refunds.listRefunds(db, orderId), repo.findItems(db, [orderId])])
  return toRefundListDto(order, rows, items)
}
