import { catalogModule } from './catalog'
import { checkoutModule } from './checkout'
import { identityModule } from './identity'
import { orderingModule } from './ordering'
import { paymentsModule } from './payments'
import { storesModule } from './stores'
import type { AppModule } from './types'

/** Every module of the monolith, in registration order. */
export const appModules: AppModule[] = [
  identityModule,
  storesModule,
  catalogModule,
  paymentsModule,
  checkoutModule,
  orderingModule,
]
