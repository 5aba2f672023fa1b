import type { AppConfig } from '../../config'
import { systemClock } from '../../platform/clock'
import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { asaasGateway } from './asaas-adapter'
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
import { gatewayFeeOf } from './fees'
import type { PaymentsModuleDeps } from './gateway'
import { type GatewayTransport, httpTransport } from './gateway-client'
import { gatewayHealthOf } from './gateway-health'
import type { BoundTransfers } from './gateway-port'
import { paymentJobs } from './jobs'
import {
  cancelPixAuthorization,
  cancelPixCharge,
  createPixAuthorization,
  pixAuthorizationOf,
  pixChargeOf,
  retryPixCharge,
  schedulePixCharge,
} from './pix-automatic'
import { advancePixAutomatic, pixAutomaticJobs } from './pix-automatic-clock'
import { lookUpRefund, refundCharge } from './refund'
import { flagDoublePayment } from './renew-pix'
import { paymentRoutes } from './routes'
import { sandboxPixRoutes } from './sandbox-pix-routes'
import { sandboxRoutes } from './sandbox-routes'
import { onSandboxOnly } from './sandbox-store'
import { chargeSavedCard, savedCardOfCharge, savedCardsOf } from './saved-cards'
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
export {
  paymentRefunded,
  paymentStatusChanged,
  pixAutomaticAuthorizationChanged,
  pixAutomaticChargeChanged,
} from './events'
export type { GatewayFee } from './fees'
export type { PaymentsModuleDeps } from './gateway'
export type { GatewayTransport, WireRequest, WireResponse } from './gateway-client'
export type {
  BoundTransfers,
  ChargeSplitSource,
  GatewaySplitLine,
  GatewayTransfer,
  PixFrequency,
  TransferInput,
} from './gateway-port'
export { setChargeSplitSource, transferFailure } from './gateway-port'
export type {
  PixAuthorizationRequest,
  PixAutomaticAuthorization,
  PixAutomaticCharge,
  PixChargeRequest,
  PixRef,
  PixRetryRequest,
} from './pix-automatic'
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
  /** The card that paid an order's charge, while still kept: the only card a one-tap offer of that order may use. */
  savedCardOfCharge,
  /**
   * PIX Automático (Journey 3) on the store's first PIX account whose gateway has it: the authorisation whose QR
   * pays the first charge and grants the mandate; recurring charges scheduled 10 to 2 days before their due date,
   * at most 3 retries within 7 days; cancellations. Every id is checked to be the store's (404). Changes (the QR
   * paid, the payer's revocation, a debit) arrive as pixAutomaticAuthorizationChanged / pixAutomaticChargeChanged.
   * `now` (optional in each request): the caller's clock (a test clock) for the time rules and the sandbox.
   */
  createPixAuthorization,
  pixAuthorizationOf,
  cancelPixAuthorization,
  schedulePixCharge,
  retryPixCharge,
  pixChargeOf,
  cancelPixCharge,
  /** Moves PIX Automático's time to `now`: the sandbox debits what is due, unpaid QRs past expiry are re-read. */
  advancePixAutomatic,
  /** What the gateway keeps of an order's paid charge, per the account's configured fees (affiliates' net). */
  gatewayFeeOf,
  /** Whether the store charges only through the built-in sandbox (subscriptions' test clock). */
  onSandboxOnly,
})

/**
 * PIX transfers from the platform's own Asaas account (affiliate payouts), its key bound here; undefined while
 * PLATFORM_ASAAS_API_KEY is unset (payouts are then marked paid by hand).
 */
export function platformTransfers(config: AppConfig, transport?: GatewayTransport): BoundTransfers | undefined {
  const key = config.PLATFORM_ASAAS_API_KEY
  const port = key ? asaasGateway(transport ?? httpTransport(config.ASAAS_API_URL)).transfers : undefined
  if (!key || !port) return undefined
  return {
    transfer: (input) => port.transfer(key, input),
    read: (id) => port.readTransfer(key, id),
    findByRef: (ref, since) => port.findTransferByRef(key, ref, since),
  }
}

/** This process's gateway counters (charges per provider and outcome, fallbacks, open circuits) for /metrics. */
export const gatewayStats = (config: Parameters<typeof gatewayHealthOf>[0]) => gatewayHealthOf(config).stats()

/** The demo store's sandbox key: the demo checkout can take payments out of the box. */
export const DEMO_SANDBOX_KEY = 'sk_sandbox_demo_loja_demo_0001'

/** Charges at the AtivoPay gateway; how the gateway is reached is handed in (default: what config names). */
export function paymentsModule(deps: PaymentsModuleDeps = {}): AppModule {
  return {
    name: 'payments',
    routes: (app) => paymentRoutes(app, deps),
    rootRoutes: async (app) => {
      await sandboxRoutes(app)
      await sandboxPixRoutes(deps.clock ?? systemClock)(app)
    },
    jobs: [...paymentJobs(deps), ...pixAutomaticJobs(deps.clock)],
    subscriptions: [flagDoublePayment],
    async seedDemo({ db, config, storeId }) {
      await seedDemoConfig(db, config.APP_SECRET, storeId, DEMO_SANDBOX_KEY)
    },
  }
}
