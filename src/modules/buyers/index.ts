import { type Clock, systemClock } from '../../platform/clock'
import type { AppModule } from '../types'
import { buyerJobs, buyerSubscriptions } from './jobs'
import { buyerRoutesWith, type ShipmentsOf } from './routes'

export { buyerLoginRequested } from './events'

/**
 * The buyer's area (issue 35): sign-in by e-mailed link, their orders across stores, and the digital deliverables
 * they may download now. It owns only its sessions, download counts and stamped copies; orders and files are asked
 * of ordering and catalog. `clock`: the stamped copies' retention (tests pass a controlled one); `shipmentsOf`: the
 * tracking of each order (fulfilment's, handed in: fulfilment's e-mails go through notifications, which asks buyers).
 */
export function buyersModule(deps: { clock?: Clock; shipmentsOf: ShipmentsOf }): AppModule {
  const clock = deps.clock ?? systemClock
  return {
    name: 'buyers',
    routes: buyerRoutesWith(deps.shipmentsOf),
    jobs: buyerJobs(clock),
    subscriptions: buyerSubscriptions(clock),
  }
}
