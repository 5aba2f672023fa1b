import type { Clock } from '../../platform/clock'
import { type DbHandle, openDatabase } from '../../platform/db'
import { type JobContext, type JobDefinition, subscribe } from '../../platform/jobs'
import { orderPaid, orderRefunded } from '../ordering'
import type { PaymentsModuleDeps } from '../payments'
import { type BillingDeps, LANES, runDue } from './billing'
import { pixAutomaticSubscriptions } from './pix-automatic-billing'
import { onOrderRefunded } from './refunds'
import { onOrderPaid, settledRenewalOrders } from './start'
import type { Db } from './tables'

export const BILLING_JOB = 'subscriptions.billing'

/**
 * The billing lanes' own connections (one per lane), on PostgreSQL: the worker's pool is shared by up to
 * WORKER_CONCURRENCY event jobs, and a lane queued behind them for each of its statements would bill a few cycles a
 * second; with its own, a renewal waits only on its own work. Opened on the first run, kept for the process (idle
 * connections are closed by the pool). Only in a BullMQ worker on PostgreSQL: embedded PGlite is one session, and a
 * process running jobs in-process (no REDIS_URL: development, API tests) has no event backlog to get ahead of.
 */
const billingPools = new Map<string, Promise<DbHandle>>()
async function billingDb(ctx: JobContext): Promise<JobContext['db']> {
  const url = ctx.config.DATABASE_URL
  if (!url || !ctx.config.useRedis) return ctx.db
  let pool = billingPools.get(url)
  if (!pool) {
    pool = openDatabase({
      databaseUrl: url,
      dataDir: ctx.config.DATA_DIR,
      poolMax: LANES,
      preparedStatements: ctx.config.DB_PREPARED_STATEMENTS === '1',
    })
    billingPools.set(url, pool)
  }
  return (await pool).db
}

export function subscriptionsJobs(clock: Clock, moduleDeps: PaymentsModuleDeps): JobDefinition[] {
  return [
    {
      // Every minute, over every store without a test clock; N workers share the due cycles (SKIP LOCKED).
      name: BILLING_JOB,
      attempts: 1,
      everyMs: 60_000,
      handler: async (_data, ctx) => {
        const db = await billingDb(ctx)
        // Money moves first: once the scan finds due cycles, the process's other jobs (e-mails, rollups, webhooks of
        // the checkout's orders) are held to a floor until the run ends, so that the lanes are not queued behind 32
        // of them on the event loop and the cores (lowering the worker's concurrency costs nothing on a quiet day,
        // and the floor keeps the events moving). Released in `finally`: a failed run restores it too.
        let release: (() => void) | undefined
        const deps: BillingDeps = {
          onBacklog: () => {
            release ??= ctx.jobs.holdBack?.()
          },
          db: db as unknown as Db,
          clock,
          payments: {
            db,
            jobs: ctx.jobs,
            config: ctx.config,
            gatewayTransport: moduleDeps.gatewayTransport,
            log: ctx.log,
          } as BillingDeps['payments'],
        }
        try {
          return { billed: await runDue(deps) }
        } finally {
          release?.()
        }
      },
    },
  ]
}

export function subscriptionsSubscriptions(clock: Clock) {
  return [
    // A checkout order naming a plan starts its subscription; a renewal order's payment settles its cycle.
    subscribe(
      orderPaid,
      'subscriptions.order-paid',
      async (p, ctx) => onOrderPaid({ db: ctx.db as unknown as Db, clock }, p),
      {
        relevant: async (ps, db) => {
          const renewals = ps.flatMap((p) => (p.subscriptionId ? [p.orderId] : []))
          const settled = await settledRenewalOrders(db as unknown as Db, renewals)
          return ps.map((p) => Boolean(p.planId || p.subscriptionId) && !settled.has(p.orderId))
        },
      },
    ),
    // A subscription's order refunded in full (or charged back): canceled now, its access with it.
    subscribe(
      orderRefunded,
      'subscriptions.order-refunded',
      async (p, ctx) => onOrderRefunded({ db: ctx.db as unknown as Db, clock }, p),
      { relevant: (ps) => ps.map((p) => Boolean(p.planId || p.subscriptionId) && !p.partial) },
    ),
    // PIX Automático: the payer's revocation ends the subscription at period end; a debit's news settles its cycle.
    ...pixAutomaticSubscriptions(clock),
  ]
}
