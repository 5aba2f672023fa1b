import type { AppModule } from '../types'
import { fulfilmentJobs, fulfilmentSubscriptions } from './jobs'
import { fulfilmentRoutes } from './routes'

export { orderDelivered, orderShipped } from './events'
export { TRACKING_POLL_JOB } from './jobs'
export { POLL_EVERY_MS } from './service'

/** Shipments of paid physical orders: labels, tracking codes, tracking polls (issue 38). */
export const fulfilmentModule: AppModule = {
  name: 'fulfilment',
  routes: fulfilmentRoutes,
  jobs: fulfilmentJobs,
  subscriptions: fulfilmentSubscriptions,
}
