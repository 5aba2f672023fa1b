import { type BatchedEvent, type JobContext, subscribeBatch } from '../../platform/jobs'
import {
  orderCancelled,
  orderPaid,
  orderPaidAfterCancel,
  orderPlaced,
  orderRefunded,
  orderStatusChanged,
} from '../ordering/events'
import { applyOrderEvents } from './rollups'

/**
 * Each ordering event brings the rollups of its order up to date (see rollups.ts): one handler shape for all of them,
 * since the order's current row, not the event, says what it contributes now. That also makes it idempotent by
 * state, so the relay may hand over a whole burst of orders as one job and one transaction.
 */
const apply = async (events: BatchedEvent<{ orderId: string }>[], ctx: JobContext) => {
  await applyOrderEvents(
    ctx.db,
    events.map((e) => ({ orderId: e.payload.orderId, eventId: e.eventId })),
  )
}

export const reportingSubscriptions = [
  subscribeBatch(orderPlaced, 'reporting.rollup-placed', apply),
  subscribeBatch(orderPaid, 'reporting.rollup-paid', apply),
  subscribeBatch(orderCancelled, 'reporting.rollup-cancelled', apply),
  subscribeBatch(orderRefunded, 'reporting.rollup-refunded', apply),
  subscribeBatch(orderPaidAfterCancel, 'reporting.rollup-paid-after-cancel', apply),
  subscribeBatch(orderStatusChanged, 'reporting.rollup-status-changed', apply),
]
