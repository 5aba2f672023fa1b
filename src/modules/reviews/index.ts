import type { AppModule } from '../types'
import { reviewsSubscriptions } from './jobs'
import { reviewsRoutes } from './routes'

/** Buyer reviews: public posting and reading, the owner's moderation, verified purchases and honest statistics. */
export const reviewsModule: AppModule = {
  name: 'reviews',
  routes: reviewsRoutes,
  subscriptions: reviewsSubscriptions,
}
