import type { AppModule } from '../types'
import { identitySubscriptions } from './jobs'
import { identityRoutes } from './routes'

export { findUserById } from './repository'
export * as identityService from './service'
export { addStoreFiguresSource, type StoreFigures } from './user-details'

export const identityModule: AppModule = {
  name: 'identity',
  routes: identityRoutes,
  subscriptions: identitySubscriptions,
}
