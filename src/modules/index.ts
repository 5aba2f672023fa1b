import { type AffiliatesModuleDeps, affiliatesModule } from './affiliates'
import { buyersModule } from './buyers'
import { catalogModule, catalogService } from './catalog'
import { checkoutModule } from './checkout'
import { fulfilmentModule } from './fulfilment'
import { identityModule } from './identity'
import { integrationsModule } from './integrations'
import { marketingModule } from './marketing'
import { notificationsModule } from './notifications'
import { orderingModule, orderingService } from './ordering'
import { type PaymentsModuleDeps, paymentsModule } from './payments'
import { recoveryModule } from './recovery'
import { reportingModule } from './reporting'
import { reviewsModule } from './reviews'
import { shippingModule } from './shipping'
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
    catalogModule,
    paymentsModule({ gatewayTransport: deps.gatewayTransport }),
    shippingModule,
    checkoutModule,
    orderingModule({ gatewayTransport: deps.gatewayTransport }),
    fulfilmentModule,
    reportingModule,
    integrationsModule,
    marketingModule,
    reviewsModule,
    trackingModule,
    notificationsModule,
    recoveryModule,
    affiliatesModule({ clock: deps.clock }),
    buyersModule,
    subscriptionsModule({ clock: deps.clock, gatewayTransport: deps.gatewayTransport }),
  ]
}

/** The modules with their default dependencies (the seed). */
export const appModules: AppModule[] = composeModules()
