import type { AppModule } from '../types'
import { integrationsJobs, integrationsSubscriptions } from './jobs'
import { integrationsRoutes } from './routes'

/** External sales tracking (UTMify): configuration, test sale, and every order status pushed from the worker. */
export const integrationsModule: AppModule = {
  name: 'integrations',
  routes: integrationsRoutes,
  jobs: integrationsJobs,
  subscriptions: integrationsSubscriptions,
}
