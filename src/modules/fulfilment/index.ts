import { type Clock, systemClock } from '../../platform/clock'
import { expose } from '../../platform/db'
import type { BuyerShipment } from '../../shared/fulfilment'
import type { AppModule } from '../types'
import { toBuyerShipment } from './dto'
import { fulfilmentJobs, fulfilmentSubscriptions } from './jobs'
import { findShipmentsOf } from './repository'
import { fulfilmentRoutes } from './routes'
import type { DbOrTrx } from './tables'

export { orderDelivered, orderShipped, shipmentLabelCancelled } from './events'
export { LABEL_SWEEP_JOB, TRACKING_POLL_JOB } from './jobs'
export { POLL_EVERY_MS } from './service'

/** What other modules may ask of fulfilment; they never read its tables. */
export const fulfilmentService = expose({
  /** The buyer's view of each order's shipment (carrier, code, link), by order id: the buyer's area lists them. */
  async buyerShipments(db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, BuyerShipment['shipment']>> {
    const rows = await findShipmentsOf(db, orderIds)
    return new Map(rows.map((r) => [r.order_id, toBuyerShipment(r).shipment]))
  },
})

/**
 * Shipments of paid physical orders: labels, tracking codes, tracking polls, the stuck-purchase sweeper (issue 38).
 * `clock`: what the worker's jobs read (the routes read the app's); tests pass a controlled one.
 */
export function fulfilmentModule(deps: { clock?: Clock } = {}): AppModule {
  return {
    name: 'fulfilment',
    routes: fulfilmentRoutes,
    jobs: fulfilmentJobs(deps.clock ?? systemClock),
    subscriptions: fulfilmentSubscriptions,
  }
}
