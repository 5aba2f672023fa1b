/**
 * The buyer's order page: an unguessable link per order (HMAC of the order id), its data, and 'Gerar novo código'
 * for an expired PIX — a new charge for the same order, never a second payable one (see payments/renew-pix.ts).
 */

import { createHmac, timingSafeEqual } from 'node:crypto'
import { deriveKey } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { isUuid } from '../../shared/ids'
import { MSG, PAID_STATUSES } from '../../shared/ordering'
import { catalogService } from '../catalog'
import { pixRenewal } from '../payments'
import type { OrderingDeps } from './deps'
import { type OrderSnapshot, toOrderSnapshot } from './dto'
import { type OrderPageView, toOrderPageView } from './order-page.dto'
import { findCheckoutPlan } from './plan-lookup'
import type { OrderRow } from './repository'
import * as repo from './repository'
import { orderStatusOf } from './service'
import type { Trx } from './tables'

export const ORDER_PAGE_NOT_FOUND = 'Pedido não encontrado'
export const RENEW_MESSAGES = {
  paid: 'Este pedido já está pago.',
  notPix: 'Este pedido não foi feito com PIX.',
  wait: 'Estamos atualizando o seu pedido. Tente novamente em alguns segundos.',
  cancelled: 'Este pedido foi cancelado pela loja.',
} as const

function sign(appSecret: string, orderId: string): string {
  // Its own derived key: a download-link or session secret never doubles as an order-page token.
  return createHmac('sha256', deriveKey(appSecret, 'order-page')).update(orderId).digest('base64url')
}

/** The token of an order's page: does not expire (the buyer may come back days later), names one order only. */
export function orderPageToken(appSecret: string, orderId: string): string {
  return sign(appSecret, orderId)
}

export function verifyOrderPageToken(appSecret: string, orderId: string, token: string): boolean {
  const expected = Buffer.from(sign(appSecret, orderId))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** A cancellation that came from the PIX's expiry (not the merchant's hand before it): the order may be renewed. */
function cancelledByExpiry(row: OrderRow, charge: pixRenewal.ChargeView): boolean {
  return (
    row.status === 'CANCELLED' &&
    charge.status === 'EXPIRED' &&
    row.cancelled_at !== null &&
    row.cancelled_at.getTime() >= new Date(charge.updatedAt).getTime()
  )
}

/**
 * The buyer's order page in cents (the route shows it in reais: orderPageJson). The order with its items and its
 * latest charge, side by side; the status is made from that same row (it read the order a second time before).
 */
export async function orderPage(deps: OrderingDeps, orderId: string): Promise<OrderPageView | undefined> {
  return (await orderPageAndSnapshot(deps, orderId))?.page
}

type PageAndSnapshot = { page: OrderPageView; snapshot: OrderSnapshot }

/**
 * The order page and the order's snapshot (snapshot.ts) from the same read of the order with its items: an order
 * e-mail needs both (its status and code, its lines), and read the order twice for them.
 */
export async function orderPageAndSnapshot(deps: OrderingDeps, orderId: string): Promise<PageAndSnapshot | undefined> {
  if (!isUuid(orderId)) return undefined
  const [found, charge] = await Promise.all([
    repo.findOrderWithItems(deps.db, orderId),
    pixRenewal.latestCharge(deps.db, orderId),
  ])
  return found ? pageOf(deps, found, charge) : undefined
}

/**
 * orderPageAndSnapshot for a batch of orders (a relay pass of order e-mails) in two statements, not two per order;
 * each page is derived as the single form derives it. An order that does not exist is absent from the map.
 */
export async function orderPagesAndSnapshots(
  deps: OrderingDeps,
  orderIds: readonly string[],
): Promise<Map<string, PageAndSnapshot>> {
  const ids = [...new Set(orderIds.filter(isUuid))]
  const [found, charges] = await Promise.all([
    repo.findOrdersWithItems(deps.db, ids),
    pixRenewal.latestCharges(deps.db, ids),
  ])
  const pages = await Promise.all(
    [...found].map(async ([id, f]) => [id, await pageOf(deps, f, charges.get(id))] as const),
  )
  return new Map(pages)
}

/** The page and snapshot of an order read with its items and its latest charge (a paid order may read a little more). */
async function pageOf(
  deps: OrderingDeps,
  { row, items }: { row: OrderRow; items: repo.OrderItemRow[] },
  charge: pixRenewal.ChargeView | undefined,
): Promise<PageAndSnapshot> {
  const snapshot = toOrderSnapshot(row, items)
  const status = await orderStatusOf(deps.db, deps.config.APP_SECRET, row, { withAccess: true, items })
  const view = toOrderPageView(row, items, charge, status, charge?.method === 'PIX' && cancelledByExpiry(row, charge))
  const pixAutomaticPlanId = await pixAutomaticPlanOf(deps.db, row, items[0]?.product_id)
  return { page: pixAutomaticPlanId ? { ...view, pixAutomaticPlanId } : view, snapshot }
}

/**
 * The plan of an unpaid PIX order billed by PIX Automático (its first QR grants the mandate): a plan by PIX Automático
 * only, or one offering the plain PIX too when the buyer chose the mandate at the checkout (the order keeps it).
 */
async function pixAutomaticPlanOf(db: OrderingDeps['db'], row: OrderRow, productId: string | undefined) {
  if (!row.plan_id || !productId || row.payment_method !== 'PIX' || row.status !== 'PENDING') return undefined
  const plan = await findCheckoutPlan(db, { storeId: row.store_id, productId, planId: row.plan_id })
  if (!plan?.methods.includes('pix_automatic')) return undefined
  return row.pix_automatic || !plan.methods.includes('pix') ? plan.id : undefined
}

/** Takes the stock again for a cancelled physical order; false when it is gone. */
async function retakeStock(trx: Trx, row: OrderRow): Promise<boolean> {
  if (row.product_type !== 'PHYSICAL') return true
  const items = await repo.findItems(trx, [row.id])
  for (const item of items) if (!(await catalogService.reserveStock(trx, item.product_id, item.quantity))) return false
  return true
}

/**
 * 'Gerar novo código': (1) the order must be cancelled by its PIX's expiry, confirmed at the gateway; (2) its stock
 * is held again while it stays CANCELLED (stock_released = false); (3) the new PIX is created — one payable charge
 * per order at most; (4) the order is PENDING again with the new code. If (3) fails the stock goes back.
 * Waiting for the expiry's own cancellation (step 1) matters: the cancellation that event triggers must not land on
 * the reopened order.
 */
export async function renewOrderPix(deps: OrderingDeps, orderId: string): Promise<void> {
  const row = await repo.findOrder(deps.db, orderId)
  if (!row) throw new AppError(404, ORDER_PAGE_NOT_FOUND)
  if (PAID_STATUSES.includes(row.status)) throw new AppError(409, RENEW_MESSAGES.paid)
  if (row.payment_method !== 'PIX') throw new AppError(409, RENEW_MESSAGES.notPix)
  const latest = await pixRenewal.latestCharge(deps.db, row.id)
  if (!latest) throw new AppError(409, pixRenewal.PIX_RENEW_MESSAGES.notAllowed)
  const charge = await pixRenewal.settlePixDeadline(deps, latest.transactionId)
  if (charge?.status === 'PAID') throw new AppError(409, pixRenewal.PIX_RENEW_MESSAGES.alreadyPaid)
  if (charge?.status === 'PENDING') throw new AppError(409, pixRenewal.PIX_RENEW_MESSAGES.stillValid)
  if (charge?.status !== 'EXPIRED') throw new AppError(409, pixRenewal.PIX_RENEW_MESSAGES.notAllowed)

  await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, orderId)
    if (!locked) throw new AppError(404, ORDER_PAGE_NOT_FOUND)
    if (locked.status === 'PENDING') throw new AppError(409, RENEW_MESSAGES.wait)
    if (!cancelledByExpiry(locked, charge)) throw new AppError(409, RENEW_MESSAGES.cancelled)
    // A cancelled order holding its stock is one another renewal is working on.
    if (!locked.stock_released) throw new AppError(409, pixRenewal.PIX_RENEW_MESSAGES.inProgress)
    if (!(await retakeStock(trx, locked))) throw new AppError(409, MSG.soldOut, undefined, 'ORDER_SOLD_OUT')
    await repo.updateOrder(trx, orderId, { stock_released: false })
  })

  let renewed: Awaited<ReturnType<typeof pixRenewal.renewPix>>
  try {
    renewed = await pixRenewal.renewPix(deps, charge.transactionId)
  } catch (err) {
    await giveHeldStockBack(deps, orderId)
    throw err
  }

  await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, orderId)
    // Paid meanwhile by the old code (the gateway changed its mind): nothing to reopen, the new code just expires.
    if (locked?.status !== 'CANCELLED') return
    await repo.updateOrder(trx, orderId, {
      status: 'PENDING',
      cancelled_at: null,
      transaction_id: renewed.transactionId,
      gateway_id: renewed.gatewayId,
      pix_code: renewed.pixCode,
      pix_expires_at: renewed.pixExpiresAt,
      sandbox: renewed.sandbox,
    })
  })
}

/** Undoes step (2) when no new code could be created: the order stays cancelled with its stock returned. */
async function giveHeldStockBack(deps: OrderingDeps, orderId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockOrder(trx, orderId)
    if (locked?.status !== 'CANCELLED' || locked.stock_released) return
    if (locked.product_type === 'PHYSICAL')
      for (const item of await repo.findItems(trx, [locked.id]))
        await catalogService.releaseStock(trx, item.product_id, item.quantity)
    await repo.updateOrder(trx, orderId, { stock_released: true })
  })
}
