/**
 * The sweeper: what a crash between an order's commit and its answer leaves behind is finished or cancelled here —
 * charges stuck in CREATING resolved by asking the gateway, PENDING charges past their expiry expired, and pending
 * orders without their charge's outcome finished from it or cancelled (stock back once, through cancelOrder).
 *
 * It runs as a chain of delayed jobs, one per minute slot (job id `ordering-sweep-<slot>`, so any number of api
 * processes scheduling the same slot make one job), in both queue modes: each run first schedules the next, and
 * every api process schedules the next slot when it starts, so a chain broken by an outage resumes on the restart.
 */
import type { JobContext, JobQueue } from '../../platform/jobs'
import { paymentsService } from '../payments'
import { sweepOrders } from './order-charge'
import type { OrderingDeps } from './place-order'

export const SWEEP_JOB = 'ordering.sweep'
export const SWEEP_EVERY_MS = 60_000
/** Well past the slowest charge (30 s) plus the lease a dead request's charge keeps: nobody is still on these. */
export const ABANDONED_AFTER_MS = 2 * 60_000

export async function sweep(deps: OrderingDeps, olderThanMs = ABANDONED_AFTER_MS) {
  const charges = await paymentsService.sweepCharges(deps, { olderThanMs })
  const orders = await sweepOrders(deps, { olderThanMs })
  return { ...charges, ...orders }
}

export async function scheduleSweep(jobs: JobQueue, now = Date.now()) {
  const slot = Math.floor(now / SWEEP_EVERY_MS) + 1
  await jobs.enqueue(SWEEP_JOB, {}, { jobId: `ordering-sweep-${slot}`, delayMs: slot * SWEEP_EVERY_MS - now })
}

export async function sweepJob(ctx: JobContext) {
  // The next run first: the chain survives this one failing.
  await scheduleSweep(ctx.jobs)
  const result = await sweep({ db: ctx.db, jobs: ctx.jobs, config: ctx.config, log: ctx.log })
  if (Object.values(result).some((n) => n > 0)) ctx.log.info(result, 'sweep done')
  return result
}
