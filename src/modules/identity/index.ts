import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { identitySubscriptions } from './jobs'
import { identityRoutes } from './routes'

export { findUserById } from './repository'

import * as service from './service'

export const identityService = expose(service)
export { addStoreFiguresSource, type StoreFigures } from './user-details'

export const identityModule: AppModule = {
  name: 'identity',
  routes: identityRoutes,
  subscriptions: identitySubscriptions,
}
