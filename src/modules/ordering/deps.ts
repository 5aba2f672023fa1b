import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock'
import type { SettingsCache } from '../../platform/settings-cache'
import type { PaymentsDeps, PaymentsModuleDeps } from '../payments'

/**
 * What ordering's use cases are handed by the app: the payments transport and a logger; in the api, the kept reads an
 * order is priced from (platform/settings-cache.ts checkoutReads; absent in the worker: read each time).
 */
export type OrderingDeps = PaymentsDeps & { log: FastifyBaseLogger; checkoutReads?: SettingsCache }

/**
 * A use case's deps from where it runs (the Fastify app or a job's context) and what the composition handed the
 * module: every call ordering makes to payments then travels over the composed gateway transport.
 */
export function orderingDeps(
  from: Pick<OrderingDeps, 'db' | 'jobs' | 'config' | 'log' | 'checkoutReads'> & { clock?: Clock },
  moduleDeps: PaymentsModuleDeps,
): OrderingDeps {
  return {
    db: from.db,
    jobs: from.jobs,
    config: from.config,
    log: from.log,
    gatewayTransport: moduleDeps.gatewayTransport,
    // The app's time (a test's controlled clock): a kept shipping quote's age, a card kept for the offers.
    clock: from.clock,
    checkoutReads: from.checkoutReads,
  }
}
