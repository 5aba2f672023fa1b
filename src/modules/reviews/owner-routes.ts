import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  merchantReviewSchema,
  moderateSchema,
  ownerReviewPageSchema,
  ownerReviewSchema,
  REVIEW_MESSAGES,
  reviewUpdateSchema,
  storeReviewsQuerySchema,
  storeStatsSchema,
  wrapped,
} from '../../shared/reviews'
import { toOwnerReview } from './dto'
import { pageData } from './public-routes'
import * as repo from './repository'
import * as service from './service'

const TAGS = ['reviews']
const reviewParams = z.object({ storeId: z.string(), reviewId: z.string() })

/** The store owner's moderation (bearer; a foreign store or review is 404). */
export async function ownerReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const preHandler = requireStoreOwner(fastify)

  app.get(
    '/stores/:storeId/reviews',
    {
      schema: {
        tags: TAGS,
        params: storeParams,
        querystring: storeReviewsQuerySchema,
        response: { 200: ownerReviewPageSchema },
      },
      preHandler,
    },
    async (request) => {
      const { page, limit, status } = request.query
      const { rows, total } = await repo.pageReviews(app.db, { storeId: request.store!.id, status }, page, limit)
      return { statusCode: 200, data: pageData(rows.map(toOwnerReview), total, page, limit) }
    },
  )

  app.get(
    '/stores/:storeId/reviews/stats/overview',
    { schema: { tags: TAGS, params: storeParams, response: { 200: wrapped(storeStatsSchema) } }, preHandler },
    async (request) => ({ statusCode: 200, data: await service.storeOverview(app.db, request.store!.id) }),
  )

  app.post(
    '/stores/:storeId/reviews/manual',
    {
      schema: {
        tags: TAGS,
        summary: 'A review the merchant adds: APPROVED, marked as added by the store, never verified',
        params: storeParams,
        body: merchantReviewSchema,
        response: { 201: wrapped(ownerReviewSchema) },
      },
      preHandler,
    },
    async (request, reply) => {
      const row = await service.addMerchantReview(app.db, request.store!.id, request.body)
      return reply.status(201).send({ statusCode: 201, data: toOwnerReview(row), message: REVIEW_MESSAGES.added })
    },
  )

  app.delete(
    '/stores/:storeId/reviews',
    {
      schema: {
        tags: TAGS,
        summary: "Removes ALL the store's reviews (the debug page's clean-up)",
        params: storeParams,
        response: { 200: wrapped(z.object({ deleted: z.number().int() })) },
      },
      preHandler,
    },
    async (request) => {
      const deleted = await repo.deleteStoreReviews(app.db, request.store!.id)
      return { statusCode: 200, data: { deleted }, message: REVIEW_MESSAGES.allDeleted }
    },
  )

  app.get(
    '/stores/:storeId/reviews/:reviewId',
    { schema: { tags: TAGS, params: reviewParams, response: { 200: wrapped(ownerReviewSchema) } }, preHandler },
    async (request) => ({
      statusCode: 200,
      data: toOwnerReview(await service.requireReview(app.db, request.store!.id, request.params.reviewId)),
    }),
  )

  app.patch(
    '/stores/:storeId/reviews/:reviewId',
    {
      schema: {
        tags: TAGS,
        params: reviewParams,
        body: reviewUpdateSchema,
        response: { 200: wrapped(ownerReviewSchema) },
      },
      preHandler,
    },
    async (request) => {
      const row = await service.updateReview(app.db, request.store!.id, request.params.reviewId, request.body)
      return { statusCode: 200, data: toOwnerReview(row) }
    },
  )

  app.patch(
    '/stores/:storeId/reviews/:reviewId/moderate',
    {
      schema: {
        tags: TAGS,
        summary: 'PENDING → APPROVED | REJECTED; APPROVED → FLAGGED; anything else 409',
        params: reviewParams,
        body: moderateSchema,
        response: { 200: wrapped(ownerReviewSchema) },
      },
      preHandler,
    },
    async (request) => {
      const row = await service.moderate(app.db, request.store!.id, request.params.reviewId, request.body)
      return {
        statusCode: 200,
        data: toOwnerReview(row),
        message: REVIEW_MESSAGES.moderated[request.body.status],
      }
    },
  )

  app.delete(
    '/stores/:storeId/reviews/:reviewId',
    {
      schema: {
        tags: TAGS,
        params: reviewParams,
        response: { 200: wrapped(z.object({ id: z.string() })) },
      },
      preHandler,
    },
    async (request) => {
      const row = await service.requireReview(app.db, request.store!.id, request.params.reviewId)
      await repo.deleteReview(app.db, request.store!.id, row.id)
      return { statusCode: 200, data: { id: row.id }, message: REVIEW_MESSAGES.deleted }
    },
  )
}
