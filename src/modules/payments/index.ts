import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import {
  chargeState,
  checkoutPaymentsColumn,
  checkoutPaymentsOf,
  executeCharge,
  prepareCharge,
  resolveCharge,
  sweepCharges,
} from './charge'
import { publicMethods, seedDemoConfig } from './config-service'
import type { PaymentsModuleDeps } from './gateway'
import { gatewayHealthOf } from './gateway-health'
import { paymentJobs } from './jobs'
import { lookUpRefund, refundCharge } from './refund'
import { flagDoublePayment } from './renew-pix'
import { paymentRoutes } from './routes'
import { sandboxRoutes } from './sandbox-routes'
import { onSandboxOnly } from './sandbox-store'
import { chargeSavedCard, savedCardsOf } from './saved-cards'
import { createCharge } from './service'

export type { ChargeState, CheckoutPayments, ExecutedCharge, OpenedCharge } from './charge'
export type {
  ChargeCard,
  ChargeRequest,
  ChargeResult,
  PaymentMethod,
  PaymentStatus,
  PublicPaymentMethods,
} from './contract'
export { paymentRefunded, paymentStatusChanged } from './events'
export type { PaymentsModuleDeps } from './gateway'
export type { GatewayTransport, WireRequest, WireResponse } from './gateway-client'
export type { RefundLookup, RefundOutcome, RefundRequest } from './refund'
export * as pixRenewal from './renew-pix'
export type { SavedCard, SavedCardCharge } from './saved-cards'
export type { ChargeCte, PaymentsDeps } from './service'

/** What other modules may call. */
export const paymentsService = expose({
  createCharge,
  publicMethods,
  /** An order's charge: configuration read once, row written with the order, gateway called after. */
  checkoutPaymentsColumn,
  checkoutPaymentsOf,
  prepareCharge,
  executeCharge,
  /** Where a charge stands, and taking over one whose caller died (retries, sweeper). */
  chargeState,
  resolveCharge,
  sweepCharges,
  /** Refunds all or part of an order's paid charge at the gateway (the postback then announces payment.refunded). */
  refundCharge,
  /** Where a refund asked earlier stands at the gateway, by the reference given (the refund sweeper's question). */
  lookUpRefund,
  /** A buyer's saved cards at a store, and a merchant-initiated charge of one (upsells, renewals): no card data. */
  savedCardsOf,
  chargeSavedCard,
  /** Whether the store charges only through the built-in sandbox (subscriptions' test clock). */
  onSandboxOnly,
})

/** This process's gateway counters (charges per provider and outcome, fallbacks, open circuits) for /metrics. */
export const gatewayStats = (config: Parameters<typeof gatewayHealthOf>[0]) => gatewayHealthOf(config).stats()

/** The demo store's sandbox key: the demo checkout can take payments out of the box. */
export const DEMO_SANDBOX_KEY = 'sk_sandbox_demo_loja_demo_0001'

/** Charges at the AtivoPay gateway; how the gateway is reached is handed in (default: what config names). */
export function paymentsModule(deps: PaymentsModuleDeps = {}): AppModule {
  return {
    name: 'payments',
    routes: (app) => paymentRoutes(app, deps),
    rootRoutes: sandboxRoutes,
    jobs: paymentJobs(deps),
    subscriptions: [flagDoublePayment],
    async seedDemo({ db, config, storeId }) {
      await seedDemoConfig(db, config.APP_SECRET, storeId, DEMO_SANDBOX_KEY)
    },
  }
}
