import { expose } from '../../platform/db'
import type { PaymentsModuleDeps } from '../payments'
import type { AppModule } from '../types'
import { paidOrderFor } from './access'
import { buyerLines, buyerOrders, hasOrders } from './buyer-orders'
import { childOrders, derivableOrder, findDerivedOrder, placeDerivedOrder } from './derived-order'
import {
  assertShippable,
  markOrderDelivered,
  markOrderShipped,
  markOrderUnshipped,
  shippableOrder,
} from './fulfilment-status'
import { orderingJobs, orderingSubscriptions } from './jobs'
import {
  orderPage,
  orderPageAndSnapshot,
  orderPagesAndSnapshots,
  orderPageToken,
  verifyOrderPageToken,
} from './order-page'
import { setPlanLookup } from './plan-lookup'
import { cancelRenewalOrder, chargeRenewalOrder, placeRenewalOrder, renewalOrderStatus } from './renewal-order'
import { orderingRoutes } from './routes'
import * as service from './service'
import { orderSnapshot } from './snapshot'

export type { BuyerLine } from './buyer-orders'
export { type OrderingDeps, orderingDeps } from './deps'
export type { DerivableOrder } from './derived-order'
export {
  DERIVED_MESSAGES,
  type DerivedOrderInput,
  type DerivedOrderResult,
  derivedOrderInputSchema,
} from './derived-order'
export {
  checkoutAttemptRefused,
  orderCancelled,
  orderPaid,
  orderPaidAfterCancel,
  orderPlaced,
  orderRefunded,
  orderStatusChanged,
} from './events'
export { SHIPMENT_REFUSED, type ShippableOrder } from './fulfilment-status'
export type { CheckoutPlan, PlanLookup } from './plan-lookup'
export type { RenewalOrder, RenewalOrderInput } from './renewal-order'
export { type OrderFactRow, type OrderFactsQuery, orderingReads, type RecentOrderFacts } from './reporting-reads'
export type { OrderSnapshot, OrderSnapshotItem } from './snapshot'
export { type StoreOrderView, storeOrderJson } from './store-order.dto'

/** What other modules may ask of ordering; they never read its tables. */
export const orderingService = expose({
  /** The buyer's view of an order (status, total, digital access once paid), or undefined. */
  orderStatus: service.orderStatus,
  /** One order with its items, customer, attribution and browser facts, for the integrations; or undefined. */
  orderSnapshot,
  /** One order in the store view (what the orders page shows, in cents), or undefined: a merchant webhook's data. */
  storeOrder: service.storeOrder,
  /** A paid order named by its review token (access.ts), for the reviews module's verified purchases; or undefined. */
  paidOrderFor,
  /** Orders and revenue per store, for the admin's user details (handed to identity where modules are composed). */
  storeFigures: service.storeFigures,
  /** The buyer's order page as the holder of its link sees it (payment code, access once paid) — notifications. */
  orderPage,
  /** The order page and the order's snapshot from one read of the order — an order e-mail needs both. */
  orderPageAndSnapshot,
  /** The same for a batch of orders in two statements (a relay pass of order e-mails), by order id. */
  orderPagesAndSnapshots,
  /** The token of the order page's link (`/pedido/{id}?t=…`): the buyer's e-mails carry it. */
  orderPageToken,
  /** The store's order as a shipment needs it (buyer, address, chosen option, items), or undefined — fulfilment. */
  shippableOrder,
  /** 409 with the reason for a digital or unpaid order. */
  assertShippable,
  /** PAID → SHIPPED and SHIPPED → DELIVERED under the order's row lock, in fulfilment's transaction. */
  markOrderShipped,
  markOrderDelivered,
  /** SHIPPED → PAID when fulfilment undoes its shipment (a label cancelled before posting). */
  markOrderUnshipped,
  /** The buyer's area: orders placed with an e-mail across stores, newest first, paginated. */
  buyerOrders,
  /** The buyer's area: the lines they bought and whether each gives access now (digital deliverables). */
  buyerLines,
  /** Whether an e-mail placed any order (the buyer's sign-in link is only sent then). */
  hasOrders,
  /**
   * An order placed on the buyer's behalf from one of theirs (a funnel's offer, a renewal): priced by the caller's
   * module, paid by the kept card (merchant-initiated) or a new PIX; one child per (parent, derivedKey).
   */
  placeDerivedOrder,
  findDerivedOrder,
  /** What a funnel's offer reads of the order it follows, and the children taken from it (the order page lists them). */
  derivableOrder,
  childOrders,
  /** Whether a token is the one of an order's page link (the buyer's only credential there). */
  verifyOrderPageToken,
  /** Subscriptions: the plan lookup a checkout order asks (handed in by the subscriptions module). */
  setPlanLookup,
  /** Subscriptions: a cycle's renewal order (one per cycle), its PIX/boleto, its cancellation and its status. */
  placeRenewalOrder,
  chargeRenewalOrder,
  cancelRenewalOrder,
  renewalOrderStatus,
})

/**
 * Orders and refunds. Its calls to payments (charges, re-reads, refunds, PIX renewal) travel over the gateway
 * transport the composition hands payments too (modules/index.ts), so a fake gateway sees every charge.
 */
export function orderingModule(deps: PaymentsModuleDeps = {}): AppModule {
  return {
    name: 'ordering',
    routes: (app) => orderingRoutes(app, deps),
    subscriptions: orderingSubscriptions,
    jobs: orderingJobs(deps),
  }
}
