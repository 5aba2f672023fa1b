import { subscribe } from '../../platform/jobs'
import { paymentStatusChanged } from '../payments'
import { applyPaymentStatus } from './service'

/** Payment news turns into order status: PAID → PAID (+ order.paid); REFUSED/EXPIRED/CANCELLED → CANCELLED. */
export const orderingSubscriptions = [
  subscribe(paymentStatusChanged, 'ordering.apply-payment-status', async (payload, ctx) => {
    await applyPaymentStatus(ctx.db, payload.orderRef, payload.status, payload.transactionId)
  }),
]
