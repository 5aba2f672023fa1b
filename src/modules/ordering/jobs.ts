import type { JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import type { PaymentsModuleDeps } from '../payments'
import { paymentRefunded, paymentStatusChanged } from '../payments/events'
import {
  ABANDONED_ORDER_SWEEP_EVERY_MS,
  ABANDONED_ORDER_SWEEP_JOB,
  abandonedOrderSweepJob,
} from './abandoned-order-sweeper'
import { orderingDeps } from './deps'
import { applyGatewayRefund } from './refund-order'
import { REFUND_SWEEP_JOB, refundSweepJob } from './refund-sweeper'
import { applyPaymentEvent } from './service'

/**
 * Payment news turns into order status, only for the order's own charge (applyPaymentEvent): PAID → PAID
 * (+ order.paid) or flagged when the order was cancelled; REFUSED/EXPIRED/CANCELLED → CANCELLED; REFUNDED → REFUNDED.
 */
export const orderingSubscriptions = [
  subscribe(paymentStatusChanged, 'ordering.apply-payment-status', async (payload, ctx) => {
    await applyPaymentEvent(ctx.db, payload, ctx.log)
  }),
  // Each refund the gateway reports, once per gateway refund id (ours completes; one made at the gateway is recorded).
  subscribe(paymentRefunded, 'ordering.apply-refund', async (payload, ctx) => {
    await applyGatewayRefund(ctx.db, payload, ctx.log)
  }),
]

/** The module's repeatable jobs; their gateway calls go over the transport the composition handed the module. */
export function orderingJobs(moduleDeps: PaymentsModuleDeps): JobDefinition[] {
  return [
    {
      name: ABANDONED_ORDER_SWEEP_JOB,
      attempts: 1,
      everyMs: ABANDONED_ORDER_SWEEP_EVERY_MS,
      handler: (_data, ctx) => abandonedOrderSweepJob(orderingDeps(ctx, moduleDeps)),
    },
    {
      name: REFUND_SWEEP_JOB,
      attempts: 1,
      everyMs: (config) => config.REFUND_SWEEP_EVERY_MS,
      handler: (_data, ctx) => refundSweepJob(orderingDeps(ctx, moduleDeps)),
    },
  ]
}
