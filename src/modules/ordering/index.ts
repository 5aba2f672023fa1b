import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { paidOrderFor } from './access'
import { orderingJobs, orderingSubscriptions } from './jobs'
import { recentOrders, summarizeOrders } from './orders-list'
import { orderingRoutes } from './routes'
import * as service from './service'
import { orderSnapshot } from './snapshot'

export {
  orderCancelled,
  orderPaid,
  orderPaidAfterCancel,
  orderPlaced,
  orderRefunded,
  orderStatusChanged,
} from './events'
export type { OrderSnapshot, OrderSnapshotItem } from './snapshot'

/** What other modules may ask of ordering; they never read its tables. */
export const orderingService = expose({
  /** The buyer's view of an order (status, total, digital access once paid), or undefined. */
  orderStatus: service.orderStatus,
  /** One order with its items, customer, attribution and browser facts, for the integrations; or undefined. */
  orderSnapshot,
  /** A paid order named by its review token (access.ts), for the reviews module's verified purchases; or undefined. */
  paidOrderFor,
  /** The newest orders of a store or of the platform, and the orders page summary straight from SQL (reporting). */
  recentOrders,
  summarizeOrders,
  /** Orders and revenue per store, for the admin's user details (handed to identity where modules are composed). */
  storeFigures: service.storeFigures,
})

export const orderingModule: AppModule = {
  name: 'ordering',
  routes: orderingRoutes,
  subscriptions: orderingSubscriptions,
  jobs: orderingJobs,
}
