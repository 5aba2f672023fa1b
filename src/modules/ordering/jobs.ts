import type { JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import { paymentStatusChanged } from '../payments/events'
import { applyPaymentEvent } from './service'
import { SWEEP_EVERY_MS, SWEEP_JOB, sweepJob } from './sweeper'

/**
 * Payment news turns into order status, only for the order's own charge (applyPaymentEvent): PAID → PAID
 * (+ order.paid) or flagged when the order was cancelled; REFUSED/EXPIRED/CANCELLED → CANCELLED; REFUNDED → REFUNDED.
 */
export const orderingSubscriptions = [
  subscribe(paymentStatusChanged, 'ordering.apply-payment-status', async (payload, ctx) => {
    await applyPaymentEvent(ctx.db, payload, ctx.log)
  }),
]

export const orderingJobs: JobDefinition[] = [
  { name: SWEEP_JOB, attempts: 1, everyMs: SWEEP_EVERY_MS, handler: (_data, ctx) => sweepJob(ctx) },
]
