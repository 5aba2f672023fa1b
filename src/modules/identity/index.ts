import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { identitySubscriptions } from './jobs'
import { identityRoutes } from './routes'
import type { StoreFiguresSource } from './user-details'

export { findUserById } from './repository'

import * as service from './service'

export const identityService = expose(service)
export type { StoreFigures, StoreFiguresSource } from './user-details'

export interface IdentityDeps {
  /** Figures other modules know about a user's stores (products, orders), for the admin's user details. */
  storeFigures: StoreFiguresSource[]
}

/** Accounts, login and the admin's user management; what it shows of other modules' data is handed in. */
export function identityModule(deps: IdentityDeps): AppModule {
  return {
    name: 'identity',
    routes: (app) => identityRoutes(app, deps),
    subscriptions: identitySubscriptions,
  }
}
