import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { identitySubscriptions } from './jobs'
import { identityRoutes } from './routes'
import { sessionRoutes } from './session-routes'
import type { StoreFiguresSource } from './user-details'

export { passwordResetRequested } from './events'
export { findSessionState, findUserById } from './repository'

import * as service from './service'

export const identityService = expose(service)
export type { StoreFigures } from './dto'
export type { StoreFiguresSource } from './user-details'

export interface IdentityDeps {
  /** Figures other modules know about a user's stores (products, orders), for the admin's user details. */
  storeFigures: StoreFiguresSource[]
}

/** Accounts, login and the admin's user management; what it shows of other modules' data is handed in. */
export function identityModule(deps: IdentityDeps): AppModule {
  return {
    name: 'identity',
    async routes(app) {
      await identityRoutes(app, deps)
      await sessionRoutes(app)
    },
    subscriptions: identitySubscriptions,
  }
}
