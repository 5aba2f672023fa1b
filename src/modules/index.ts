import { buyersModule } from './buyers'
import { catalogModule, catalogService } from './catalog'
import { checkoutModule } from './checkout'
import { identityModule } from './identity'
import { integrationsModule } from './integrations'
import { marketingModule } from './marketing'
import { notificationsModule } from './notifications'
import { orderingModule, orderingService } from './ordering'
import { type PaymentsModuleDeps, paymentsModule } from './payments'
import { recoveryModule } from './recovery'
import { reportingModule } from './reporting'
import { reviewsModule } from './reviews'
import { storesModule } from './stores'
import { trackingModule } from './tracking'
import type { AppModule } from './types'

/** What the composition hands the modules from outside (a test's fake gateway); each has its default. */
export type ModuleDeps = PaymentsModuleDeps

/** Every module of the monolith, in registration order. */
export function composeModules(deps: ModuleDeps = {}): AppModule[] {
  return [
    identityModule({ storeFigures: [catalogService.storeFigures, orderingService.storeFigures] }),
    storesModule,
    catalogModule,
    paymentsModule({ gatewayTransport: deps.gatewayTransport }),
    checkoutModule,
    orderingModule({ gatewayTransport: deps.gatewayTransport }),
    reportingModule,
    integrationsModule,
    marketingModule,
    reviewsModule,
    trackingModule,
    notificationsModule,
    recoveryModule,
    buyersModule,
  ]
}

/** The modules with their default dependencies (the seed). */
export const appModules: AppModule[] = composeModules()
