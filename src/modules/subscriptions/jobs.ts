import type { Clock } from '../../platform/clock'
import { type JobDefinition, subscribe } from '../../platform/jobs'
import { orderPaid, orderRefunded } from '../ordering'
import type { PaymentsModuleDeps } from '../payments'
import { type BillingDeps, runDue } from './billing'
import { pixAutomaticSubscriptions } from './pix-automatic-billing'
import { onOrderRefunded } from './refunds'
import { onOrderPaid } from './start'
import type { Db } from './tables'

export const BILLING_JOB = 'subscriptions.billing'

export function subscriptionsJobs(clock: Clock, moduleDeps: PaymentsModuleDeps): JobDefinition[] {
  return [
    {
      // Every minute, over every store without a test clock; N workers share the due cycles (SKIP LOCKED).
      name: BILLING_JOB,
      attempts: 1,
      everyMs: 60_000,
      handler: async (_data, ctx) => {
        const deps: BillingDeps = {
          db: ctx.db as unknown as Db,
          clock,
          payments: {
            db: ctx.db,
            jobs: ctx.jobs,
            config: ctx.config,
            gatewayTransport: moduleDeps.gatewayTransport,
            log: ctx.log,
          } as BillingDeps['payments'],
        }
        return { billed: await runDue(deps) }
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
      { relevant: (ps) => ps.map((p) => Boolean(p.planId || p.subscriptionId)) },
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
