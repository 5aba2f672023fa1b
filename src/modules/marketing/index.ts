import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import * as bumps from './bumps'
import * as coupons from './coupons'
import * as couponUses from './coupons.repository'
import { marketingSubscriptions } from './jobs'
import { marketingRoutes } from './routes'

export type { PricedBump } from './bumps'
export type { CheckedCoupon } from './coupons'
export { bumpAdded, bumpDisplayed, upsellTracked } from './events'
export type { FunnelOrderPorts } from './funnel-offers'
export { funnelsModule } from './funnels-module'

/** What other modules may ask of marketing; they never read its tables. */
export const marketingService = expose({
  /** The bumps a buyer added, re-checked against the cart and priced from the database; 400 when one isn't offered. */
  priceBumps: bumps.priceBumps,
  /** Inside the order's transaction: the bumps the order carries, counted later by the worker. */
  recordOrderBumps: bumps.recordOrderBumps,
  /** A buyer's coupon code checked against the store's rules for a cart; 400 with the reason when refused. */
  checkCoupon: coupons.checkCoupon,
  /** Inside the order's transaction: takes one use atomically and records the redemption. */
  claimCoupon: coupons.claimCoupon,
  /** Inside the transaction that turns a refused card's order into an attempt: its bumps are not conversions. */
  forgetOrderBumps: bumps.forgetOrderBumps,
  /** Inside the same transaction: a refused card's coupon use is given back at once (it never becomes an order). */
  releaseCouponUse: couponUses.releaseUse,
})

/** Order bumps and post-purchase redirect links, with counters kept by the worker. */
export const marketingModule: AppModule = {
  name: 'marketing',
  routes: marketingRoutes,
  subscriptions: marketingSubscriptions(),
}
