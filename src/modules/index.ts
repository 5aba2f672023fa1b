import { catalogModule, catalogService } from './catalog'
import { checkoutModule } from './checkout'
import { identityModule } from './identity'
import { integrationsModule } from './integrations'
import { marketingModule } from './marketing'
import { notificationsModule } from './notifications'
import { orderingModule, orderingService } from './ordering'
import { paymentsModule } from './payments'
import { recoveryModule } from './recovery'
import { reportingModule } from './reporting'
import { reviewsModule } from './reviews'
import { storesModule } from './stores'
import { trackingModule } from './tracking'
import type { AppModule } from './types'

/** Every module of the monolith, in registration order. */
export const appModules: AppModule[] = [
  identityModule({ storeFigures: [catalogService.storeFigures, orderingService.storeFigures] }),
  storesModule,
  catalogModule,
  paymentsModule,
  checkoutModule,
  orderingModule,
  reportingModule,
  integrationsModule,
  marketingModule,
  reviewsModule,
  trackingModule,
  notificationsModule,
  recoveryModule,
]
