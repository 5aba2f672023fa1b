/**
 * The refund sweeper: a refund is reserved (PENDING) before the gateway is asked, so a call that never answered
 * (timeout, a crash) would hold its amount for good if nothing asked again. Every REFUND_SWEEP_EVERY_MS (one run
 * across every process) the oldest REFUND_SWEEP_BATCH refunds still PENDING REFUND_SWEEP_AFTER_MS after they were
 * asked are looked up at the gateway by their reference (our refund id, the externalRef it was asked with):
 * - found (same amount): settled (the same once-only path as the gateway's answer; its postback changes nothing);
 * - absent: asked again with the same reference (the gateway answers a repeat with the refund it made, never a second
 *   one), until REFUND_SWEEP_GIVE_UP_MS after the refund was asked; then FAILED, its amount free again (a late
 *   refund the gateway reports after all still completes it: completeRefund takes FAILED → SUCCEEDED);
 * - not readable (no key, an unusable answer): left reserved until that same give-up time, then FAILED;
 * - the gateway unreachable: the run stops there (the rest wait for the next run), so a run waits at most one timeout
 *   on a gateway that is down. A run asks the gateway at most twice per refund (one read, one refund).
 */
import { paymentsService } from '../payments'
import type { OrderingDeps } from './deps'
import { settleRefund } from './refund-order'
import type { RefundRow } from './refunds.repository'
import * as refunds from './refunds.repository'
import * as repo from './repository'

export const REFUND_SWEEP_JOB = 'ordering.refund-sweep'
/** What a refund the gateway never made says once the sweeper gives up on it. */
export const REFUND_NOT_CONFIRMED = 'O gateway não confirmou o reembolso; o valor pode ser reembolsado novamente'
/** What a refund the gateway could not be asked about (no key, an answer we cannot use) says once given up on. */
export const REFUND_UNVERIFIED = 'Não foi possível confirmar o reembolso no gateway'

export interface RefundSweep {
  asked: number
  settled: number
  retried: number
  failed: number
  unreachable: number
}

type Step = 'settled' | 'retried' | 'failed' | 'unreachable' | 'left'

export async function sweepRefunds(deps: OrderingDeps, now = new Date()): Promise<RefundSweep> {
  const { config } = deps
  const stale = await refunds.listStalePending(
    deps.db,
    new Date(now.getTime() - config.REFUND_SWEEP_AFTER_MS),
    config.REFUND_SWEEP_BATCH,
  )
  const tally: RefundSweep = { asked: 0, settled: 0, retried: 0, failed: 0, unreachable: 0 }
  for (const refund of stale) {
    tally.asked++
    const steps = await sweepOne(deps, refund, now)
    for (const step of steps) if (step !== 'left') tally[step]++
    if (steps.includes('unreachable')) break
  }
  return tally
}

async function sweepOne(deps: OrderingDeps, refund: RefundRow, now: Date): Promise<Step[]> {
  const order = await repo.findOrder(deps.db, refund.order_id)
  if (!order?.transaction_id) return ['left']
  const ref = { storeId: refund.store_id, transactionId: order.transaction_id, externalRef: refund.id }
  const found = await paymentsService.lookUpRefund(deps, ref)
  if (found.state === 'unreachable') return ['unreachable']
  const givenUp = now.getTime() - refund.created_at.getTime() >= deps.config.REFUND_SWEEP_GIVE_UP_MS
  if (found.state === 'made' && found.amountCents === refund.amount_cents)
    return [await settle(deps, refund, order.id, found.gatewayRefundId)]
  // Nothing to conclude from (no key, an unreadable answer, another amount under our reference): kept reserved until
  // the give-up time, then failed as refundOrder fails an answer it cannot use, so it never blocks the batch for good.
  if (found.state !== 'absent') return givenUp ? [await fail(deps, refund, REFUND_UNVERIFIED, found.state)] : ['left']
  if (givenUp) return [await fail(deps, refund, REFUND_NOT_CONFIRMED, 'never made at the gateway')]
  const outcome = await paymentsService.refundCharge(deps, {
    ...ref,
    amountCents: refund.amount_cents,
    reason: refund.reason,
  })
  // refundCharge answers ok only for the amount asked.
  if (outcome.ok) return ['retried', await settle(deps, refund, order.id, outcome.gatewayRefundId)]
  if (outcome.kind === 'unavailable') return ['retried', 'unreachable']
  // A refusal now is the answer the first call never gave: recorded as refundOrder records one.
  return ['retried', await fail(deps, refund, outcome.message, 'refused on retry')]
}

async function settle(deps: OrderingDeps, refund: RefundRow, orderId: string, gatewayRefundId: string): Promise<Step> {
  await settleRefund(deps.db, orderId, refund.id, gatewayRefundId)
  return 'settled'
}

/** FAILED releases the reservation; a refund the gateway reports later still completes it (completeRefund). */
async function fail(deps: OrderingDeps, refund: RefundRow, message: string, why: string): Promise<Step> {
  await refunds.failRefund(deps.db, refund.id, message)
  deps.log.warn({ refundId: refund.id, orderId: refund.order_id, why }, 'refund sweep: refund failed')
  return 'failed'
}

export async function refundSweepJob(deps: OrderingDeps) {
  const result = await sweepRefunds(deps)
  if (result.asked > 0) deps.log.info(result, 'refund sweep done')
  return result
}
