import type { AppModule } from '../types'
import { identitySubscriptions } from './jobs'
import { identityRoutes } from './routes'
import { sessionRoutes } from './session-routes'

export { passwordResetRequested } from './events'
export { findSessionState, findUserById } from './repository'
export * as identityService from './service'
export { addStoreFiguresSource, type StoreFigures } from './user-details'

export const identityModule: AppModule = {
  name: 'identity',
  async routes(app) {
    await identityRoutes(app)
    await sessionRoutes(app)
  },
  subscriptions: identitySubscriptions,
}
