import type { FastifyInstance } from 'fastify'
import { ownerReviewRoutes } from './owner-routes'
import { publicReviewRoutes } from './public-routes'

export async function reviewsRoutes(app: FastifyInstance) {
  await publicReviewRoutes(app)
  await ownerReviewRoutes(app)
}
