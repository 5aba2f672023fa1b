/**
 * Affiliates (issue 37): producers open products to affiliates, affiliates share links, attributed sales are split
 * and credited through an append-only ledger, held until the release date, and taken back on refund or chargeback.
 */
import { type Clock, systemClock } from '../../platform/clock'
import { expose } from '../../platform/db'
import { setChargeSplitSource } from '../payments'
import type { AppModule } from '../types'
import { clickRoutes } from './clicks'
import { merchantShareOf } from './commissions'
import { chargeSplitFor } from './gateway-split'
import { affiliatesJobs, affiliatesSubscriptions } from './jobs'
import { affiliatesRoutes } from './routes'
import type { Db } from './tables'

export { consistencyProblems, releaseDue } from './commissions'

/** What other modules may call. */
export const affiliatesService = expose({
  /** The gateway's fee and the producer's part of a paid order (UTMify's commission fields). */
  merchantShareOf,
})
export { commissionCreated, commissionReleased, commissionReversed } from './events'

export interface AffiliatesModuleDeps {
  /** The clock commission windows and releases read (tests pass a controlled one). */
  clock?: Clock
}

export function affiliatesModule(deps: AffiliatesModuleDeps = {}): AppModule {
  const clock = deps.clock ?? systemClock
  // A charge through a gateway that splits (Asaas) carries the partners' parts (payments cannot import this module).
  setChargeSplitSource((db, charge) => chargeSplitFor(db as Db, charge))
  return {
    name: 'affiliates',
    routes: affiliatesRoutes(clock),
    rootRoutes: clickRoutes(clock),
    jobs: affiliatesJobs(clock),
    subscriptions: affiliatesSubscriptions(clock),
  }
}
