/**
 * The abandoned-order sweeper: what a crash between an order's commit and its answer leaves behind is finished or
 * cancelled here — charges stuck in CREATING resolved by asking the gateway, PENDING charges past their expiry
 * expired, and pending orders without their charge's outcome finished from it or cancelled (stock back once, through
 * cancelOrder). It also plans the expiry jobs of the charges expiring before the sweep after next, so placing an
 * order writes no job.
 *
 * It runs every minute in both queue modes through the platform's scheduler (`everyMs` on its job definition: one
 * run per period across every process); each run only touches what is older than ABANDONED_AFTER_MS.
 */
import { paymentsService } from '../payments'
import type { OrderingDeps } from './deps'
import { sweepOrders } from './order-charge'

// The job's name is kept in Redis (its scheduler), so it stays what it was created as.
export const ABANDONED_ORDER_SWEEP_JOB = 'ordering.sweep'
export const ABANDONED_ORDER_SWEEP_EVERY_MS = 60_000
/** Well past the slowest charge (30 s) plus the lease a dead request's charge keeps: nobody is still on these. */
export const ABANDONED_AFTER_MS = 2 * 60_000

export async function sweepAbandonedOrders(deps: OrderingDeps, olderThanMs = ABANDONED_AFTER_MS) {
  const charges = await paymentsService.sweepCharges(deps, {
    olderThanMs,
    planAheadMs: 2 * ABANDONED_ORDER_SWEEP_EVERY_MS,
  })
  const orders = await sweepOrders(deps, { olderThanMs })
  return { ...charges, ...orders }
}

export async function abandonedOrderSweepJob(deps: OrderingDeps) {
  const result = await sweepAbandonedOrders(deps)
  if (Object.values(result).some((n) => n > 0)) deps.log.info(result, 'sweep done')
  return result
}
