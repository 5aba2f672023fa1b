import type { AppModule } from '../types'
import { trackingJobs, trackingSubscriptions } from './jobs'
import { trackingRoutes } from './routes'

/** Facebook Pixel: per-store configuration, the buyer pages' public view, and Conversions API events from the worker. */
export const trackingModule: AppModule = {
  name: 'tracking',
  routes: trackingRoutes,
  jobs: trackingJobs,
  subscriptions: trackingSubscriptions,
}
