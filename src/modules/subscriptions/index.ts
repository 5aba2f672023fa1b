/**
 * Subscriptions (issue 36): plans of digital products, subscriptions started at checkout, renewals billed by the
 * worker on the saved card (each paid cycle an order), dunning, access that follows the payments, the merchant's
 * list and metrics, the buyer's self-service by signed link, and a sandbox store's test clock.
 */
import { type Clock, systemClock } from '../../platform/clock'
import { orderingService } from '../ordering'
import type { PaymentsModuleDeps } from '../payments'
import type { AppModule } from '../types'
import { subscriptionsJobs, subscriptionsSubscriptions } from './jobs'
import { checkoutPlan } from './plans'
import { subscriptionsRoutes } from './routes'
import type { Db } from './tables'

export { subscriptionChanged } from './events'
export { webhookData as subscriptionWebhookData } from './reads'
export { selfServiceToken } from './self-service'

export interface SubscriptionsModuleDeps extends PaymentsModuleDeps {
  clock?: Clock
}

export function subscriptionsModule(deps: SubscriptionsModuleDeps = {}): AppModule {
  const clock = deps.clock ?? systemClock
  // Ordering prices a checkout order that names a plan through this lookup (ordering/plan-lookup.ts).
  orderingService.setPlanLookup((db, q) => checkoutPlan(db as unknown as Db, q))
  return {
    name: 'subscriptions',
    routes: subscriptionsRoutes(clock, deps),
    jobs: subscriptionsJobs(clock, deps),
    subscriptions: subscriptionsSubscriptions(clock),
  }
}
