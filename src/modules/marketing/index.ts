import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import * as bumps from './bumps'
import { marketingSubscriptions } from './jobs'
import { marketingRoutes } from './routes'

export type { PricedBump } from './bumps'
export { bumpAdded, bumpDisplayed, upsellTracked } from './events'

/** What other modules may ask of marketing; they never read its tables. */
export const marketingService = expose({
  /** The bumps a buyer added, re-checked against the cart and priced from the database; 400 when one isn't offered. */
  priceBumps: bumps.priceBumps,
  /** Inside the order's transaction: the bumps the order carries, counted later by the worker. */
  recordOrderBumps: bumps.recordOrderBumps,
})

/** Order bumps and post-purchase redirect links, with counters kept by the worker. */
export const marketingModule: AppModule = {
  name: 'marketing',
  routes: marketingRoutes,
  subscriptions: marketingSubscriptions(),
}
