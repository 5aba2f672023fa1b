/**
 * The second half of placing an order: its charge (opened in the order's transaction) is sent to the gateway, and
 * the outcome lands on the order together with the answer a retry of the same Idempotency-Key gets. The same code
 * finishes an order whose request died half-way: a buyer's retry (`resumeOrder`) or the sweeper.
 */
import type { AppConfig } from '../../config'
import { AppError } from '../../platform/errors'
import { toReais } from '../../shared/money'
import { orderPagePath } from '../../shared/order-page'
import { formatOrderNumber, MSG, type OrderResult } from '../../shared/ordering'
import {
  type ChargeRequest,
  type ChargeResult,
  type ExecutedCharge,
  type OpenedCharge,
  paymentsService,
} from '../payments'
import { recordRefusedAttempt } from './attempts'
import type { OrderingDeps } from './deps'
import { orderPageToken } from './order-page'
import type { IdempotencyClaim, PlacedOrder } from './repository'
import * as repo from './repository'
import { announcePlaced, cancelOrder, markPaid } from './service'
import type { Db } from './tables'

export const CARD_REFUSED = 'Pagamento recusado. Verifique os dados do cartão ou escolha outra forma de pagamento.'

/** The create-order answer for an order and its charge (what the first request returns and retries replay). */
export function orderResult(config: AppConfig, order: PlacedOrder, charge: ChargeResult, status: string): OrderResult {
  return {
    success: true,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.order_number),
    transactionId: charge.transactionId,
    status,
    total: toReais(order.total_cents),
    paymentUrl: charge.paymentUrl,
    qrCode: charge.pixCode,
    paymentResult: {
      transactionId: charge.transactionId,
      gatewayId: charge.gatewayId,
      status: charge.status,
      method: charge.method,
      amount: toReais(charge.amountCents),
      qrCode: charge.pixCode,
      pixCode: charge.pixCode,
      pixExpiresAt: charge.pixExpiresAt,
      paymentUrl: charge.paymentUrl,
      boletoUrl: charge.boletoUrl,
      boletoLine: charge.boletoLine,
      sandbox: charge.sandbox,
    },
    error: null,
    orderPageUrl: orderPagePath(order.id, orderPageToken(config.APP_SECRET, order.id)),
  }
}

function errorBody(err: AppError) {
  return { statusCode: err.statusCode, message: err.message, ...(err.errors ? { errors: err.errors } : {}) }
}

/**
 * The order failed for good: cancelled (stock back once) and, with a key, its answer stored in the same transaction —
 * a 4xx is replayed to retries; after a 5xx the key is given up, so a retry places a new order.
 */
async function failOrder(db: Db, order: PlacedOrder, reason: string, err: AppError, claim?: IdempotencyClaim) {
  await db.transaction().execute(async (trx) => {
    await cancelOrder(trx, order.id, reason)
    if (!claim) return
    if (err.statusCode < 500)
      await repo.storeIdempotentAnswer(trx, claim.scope, claim.key, {
        statusCode: err.statusCode,
        body: errorBody(err),
      })
    else await repo.releaseIdempotencyKey(trx, claim.scope, claim.key)
  })
  return err
}

/**
 * The card was refused: the order becomes a checkout attempt (attempts.ts) and, with a key, the 422 is stored for
 * retries of that key in the same transaction. A retry with another card or PIX carries a new key: one order.
 */
async function refuseOrder(db: Db, order: PlacedOrder, claim?: IdempotencyClaim) {
  const err = new AppError(422, CARD_REFUSED)
  await db.transaction().execute(async (trx) => {
    await recordRefusedAttempt(trx, order.id)
    if (claim) await repo.storeIdempotentAnswer(trx, claim.scope, claim.key, { statusCode: 422, body: errorBody(err) })
  })
  return err
}

/** A card order's `order.placed` waits for its charge's outcome (attempts.ts); other orders publish it when placed. */
const placedAfterCharge = (charge: ChargeResult) => charge.method === 'CREDIT_CARD'

/** What a charge puts on its order. */
function chargePatch(charge: ChargeResult) {
  return {
    transaction_id: charge.transactionId,
    gateway_id: charge.gatewayId,
    pix_code: charge.pixCode,
    pix_expires_at: charge.pixExpiresAt,
    payment_url: charge.paymentUrl,
    boleto_url: charge.boletoUrl,
    boleto_line: charge.boletoLine,
    sandbox: charge.sandbox,
  }
}

/** Puts a charge's outcome on its order: the answer, or the error the buyer gets. */
async function settle(
  deps: OrderingDeps,
  order: PlacedOrder,
  charge: ChargeResult,
  claim?: IdempotencyClaim,
): Promise<OrderResult> {
  const { db } = deps
  if (charge.status === 'REFUSED') throw await refuseOrder(db, order, claim)
  if (charge.status !== 'PAID') {
    const result = orderResult(deps.config, order, charge, order.status)
    if (!placedAfterCharge(charge)) {
      await repo.recordCharge(db, order.id, chargePatch(charge), claim && { claim, body: result })
      return result
    }
    await db.transaction().execute(async (trx) => {
      await repo.recordCharge(trx, order.id, chargePatch(charge), claim && { claim, body: result })
      await announcePlaced(trx, order.id)
    })
    return result
  }
  // A card approved on the spot: the payment event will say so too, and markPaid is once per order.
  return db.transaction().execute(async (trx) => {
    if (placedAfterCharge(charge)) await announcePlaced(trx, order.id)
    const paid = (await markPaid(trx, order.id, charge.transactionId)) ?? order
    const result = orderResult(deps.config, order, charge, paid.status)
    await repo.recordCharge(trx, order.id, chargePatch(charge), claim && { claim, body: result })
    return result
  })
}

/** Calls the gateway for an order whose charge was written with it, and settles the outcome. */
export async function chargeOrder(
  deps: OrderingDeps,
  order: PlacedOrder,
  opened: OpenedCharge,
  card: ChargeRequest['card'],
  claim?: IdempotencyClaim,
): Promise<OrderResult> {
  let charge: ExecutedCharge
  try {
    charge = await paymentsService.executeCharge(deps, opened, card, {
      orderNumber: formatOrderNumber(order.order_number),
    })
  } catch (err) {
    deps.log.warn({ err, orderId: order.id }, 'charge failed; cancelling the order')
    const appErr = err instanceof AppError ? err : new AppError(503, MSG.gatewayUnavailable)
    throw await failOrder(deps.db, order, 'charge_failed', appErr, claim)
  }
  if (!charge.storeWith) return settle(deps, order, charge.result, claim)
  // A PENDING charge (PIX, boleto): the charge, the order and the key's answer in one statement.
  const result = orderResult(deps.config, order, charge.result, order.status)
  const patch = chargePatch(charge.result)
  if (await charge.storeWith((qc) => repo.recordChargeWith(qc, order.id, patch, claim && { claim, body: result }))) {
    // A card left pending (under analysis) is an order now; its announcement follows the one-statement store.
    if (placedAfterCharge(charge.result)) await deps.db.transaction().execute((trx) => announcePlaced(trx, order.id))
    return result
  }
  // Someone who took the charge over (its lease ran out) stored it first: finish from what they stored.
  const resumed = await resumeOrder(deps, order.id, claim, { buyerWaiting: true })
  if (!resumed) throw new AppError(503, MSG.gatewayUnavailable)
  return resumed
}

/**
 * Finishes an order whose request died between its commit and its answer. Returns its answer, throws its error, or
 * returns undefined while another request still holds the charge (a slow gateway call): the caller waits. A buyer's
 * retry (`buyerWaiting`) may have a PIX or boleto created now; the sweeper only takes what the gateway already has,
 * and cancels the rest.
 */
export async function resumeOrder(
  deps: OrderingDeps,
  orderId: string,
  claim: IdempotencyClaim | undefined,
  opts: { buyerWaiting: boolean },
): Promise<OrderResult | undefined> {
  const order = await repo.findOrder(deps.db, orderId)
  if (!order) return undefined
  if (!order.transaction_id) {
    // Placed before charges were opened with their order: nothing will ever pay it.
    throw await failOrder(deps.db, order, 'charge_failed', new AppError(503, MSG.gatewayUnavailable), claim)
  }
  let state = await paymentsService.chargeState(deps.db, order.transaction_id)
  if (state?.status === 'CREATING' && !state.held)
    state = await paymentsService.resolveCharge(deps, order.transaction_id, {
      create: opts.buyerWaiting,
      metadata: { orderNumber: formatOrderNumber(order.order_number) },
    })
  if (!state) throw await failOrder(deps.db, order, 'charge_failed', new AppError(503, MSG.gatewayUnavailable), claim)
  if (state.status === 'CREATING') return undefined
  if (state.status === 'FAILED')
    throw await failOrder(deps.db, order, 'charge_failed', new AppError(503, MSG.gatewayUnavailable), claim)
  if (order.status !== 'PENDING' || order.gateway_id) {
    // Already settled (by the first request, or the payment landed meanwhile): answer from what is stored.
    if (order.status === 'CANCELLED' && state.status === 'REFUSED') throw new AppError(422, CARD_REFUSED)
    return orderResult(deps.config, order, state.result, order.status)
  }
  return settle(deps, order, state.result, claim)
}

/** The sweep's part of ordering: pending orders left without their charge are finished or cancelled. */
export async function sweepOrders(deps: OrderingDeps, opts: { olderThanMs: number; limit?: number }) {
  let finished = 0
  let cancelled = 0
  let waiting = 0
  for (const { id } of await repo.listUnchargedOrders(
    deps.db,
    new Date(Date.now() - opts.olderThanMs),
    opts.limit ?? 100,
  )) {
    const claim = await repo.findClaimOfOrder(deps.db, id)
    try {
      if (await resumeOrder(deps, id, claim, { buyerWaiting: false })) finished++
      else waiting++
    } catch (err) {
      if (err instanceof AppError) cancelled++
      else deps.log.warn({ err, orderId: id }, 'sweep: order not finished')
    }
  }
  return { finished, cancelled, waiting }
}
