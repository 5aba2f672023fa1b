import type { AppModule } from '../types'
import { reportingSubscriptions } from './jobs'
import { reportingRoutes } from './routes'

export { rebuildRollups } from './rebuild'

/** Dashboards and the orders page summary, read from rollups the ordering events keep (see rollups.ts). */
export const reportingModule: AppModule = {
  name: 'reporting',
  routes: reportingRoutes,
  subscriptions: reportingSubscriptions,
}
