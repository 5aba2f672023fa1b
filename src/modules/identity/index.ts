import type { AppModule } from '../types'
import { identitySubscriptions } from './jobs'
import { identityRoutes } from './routes'

export { addStoreFiguresSource, type StoreFigures } from './user-details'
export * as identityService from './service'
export { findUserById } from './repository'

export const identityModule: AppModule = {
  name: 'identity',
  routes: identityRoutes,
  subscriptions: identitySubscriptions,
}
