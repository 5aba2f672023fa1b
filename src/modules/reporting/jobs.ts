import type { Db } from '../../platform/db'
import { subscribe } from '../../platform/jobs'
import {
  orderCancelled,
  orderPaid,
  orderPaidAfterCancel,
  orderPlaced,
  orderRefunded,
  orderStatusChanged,
} from '../ordering'
import { applyOrder } from './rollups'

/**
 * Each ordering event brings the rollups of its order up to date (see rollups.ts): one handler shape for all of them,
 * since the order's current row, not the event, says what it contributes now.
 */
const apply = async (payload: { orderId: string }, ctx: { db: Db; eventId: string }) => {
  await ctx.db.transaction().execute((trx) => applyOrder(trx, payload.orderId, ctx.eventId))
}

export const reportingSubscriptions = [
  subscribe(orderPlaced, 'reporting.rollup-placed', apply),
  subscribe(orderPaid, 'reporting.rollup-paid', apply),
  subscribe(orderCancelled, 'reporting.rollup-cancelled', apply),
  subscribe(orderRefunded, 'reporting.rollup-refunded', apply),
  subscribe(orderPaidAfterCancel, 'reporting.rollup-paid-after-cancel', apply),
  subscribe(orderStatusChanged, 'reporting.rollup-status-changed', apply),
]
