import { expose } from '../../platform/db'
import type { AppModule } from '../types'
import { reviewsSubscriptions } from './jobs'
import { platformApprovedFigures } from './repository'
import { reviewsRoutes } from './routes'
import type { Db } from './tables'

/** What other modules may ask of reviews. */
export const reviewsService = expose({
  /** The platform's average rating over approved reviews (one decimal), or null with none: never a placeholder. */
  async platformAverageRating(db: Db): Promise<number | null> {
    const f = await platformApprovedFigures(db)
    return f.total ? Math.round((f.sum / f.total) * 10) / 10 : null
  },
})

/** Buyer reviews: public posting and reading, the owner's moderation, verified purchases and honest statistics. */
export const reviewsModule: AppModule = {
  name: 'reviews',
  routes: reviewsRoutes,
  subscriptions: reviewsSubscriptions,
}
