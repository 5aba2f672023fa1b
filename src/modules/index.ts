import { type AffiliatesModuleDeps, affiliatesModule } from './affiliates'
import { buyersModule } from './buyers'
import { catalogModuleWith, catalogService } from './catalog'
import { checkoutModule } from './checkout'
import { fulfilmentModule, fulfilmentService } from './fulfilment'
import { identityModule } from './identity'
import { integrationsModule } from './integrations'
import { funnelsModule, marketingModule } from './marketing'
import { notificationsModule } from './notifications'
import { orderingDeps, orderingModule, orderingService } from './ordering'
import { type PaymentsModuleDeps, paymentsModule } from './payments'
import { recoveryModule } from './recovery'
import { reportingModule } from './reporting'
import { reviewsModule } from './reviews'
import { shippingModule, shippingService } from './shipping'
import { storesModule } from './stores'
import { subscriptionsModule } from './subscriptions'
import { trackingModule } from './tracking'
import type { AppModule } from './types'

/** What the composition hands the modules from outside (a test's fake gateway); each has its default. */
export type ModuleDeps = PaymentsModuleDeps & AffiliatesModuleDeps

/** Every module of the monolith, in registration order. */
export function composeModules(deps: ModuleDeps = {}): AppModule[] {
  return [
    identityModule({ storeFigures: [catalogService.storeFigures, orderingService.storeFigures] }),
    storesModule,
    catalogModuleWith({ needsDimensions: shippingService.usesRealQuotes }),
    paymentsModule({ gatewayTransport: deps.gatewayTransport, clock: deps.clock }),
    shippingModule,
    checkoutModule,
    orderingModule({ gatewayTransport: deps.gatewayTransport }),
    fulfilmentModule({ clock: deps.clock }),
    reportingModule,
    integrationsModule,
    marketingModule,
    // Funnels place child orders through ordering, handed in here: ordering already calls marketing.
    funnelsModule({
      clock: deps.clock,
      orders: {
        verifyOrderPageToken: orderingService.verifyOrderPageToken,
        derivableOrder: orderingService.derivableOrder,
        childOrders: orderingService.childOrders,
        placeDerivedOrder: (app, input) => orderingService.placeDerivedOrder(orderingDeps(app, deps), input),
      },
    }),
    reviewsModule,
    trackingModule,
    notificationsModule,
    recoveryModule,
    affiliatesModule({ clock: deps.clock }),
    buyersModule({ clock: deps.clock, shipmentsOf: fulfilmentService.buyerShipments }),
    subscriptionsModule({ clock: deps.clock, gatewayTransport: deps.gatewayTransport }),
  ]
}

/** The modules with their default dependencies (the seed). */
export const appModules: AppModule[] = composeModules()
