import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { storeParams } from '../../platform/route-schemas'
import {
  productReviewsQuerySchema,
  productStatsSchema,
  publicReviewPageSchema,
  publicReviewSchema,
  REVIEW_MESSAGES,
  reportResultSchema,
  reviewableOrderSchema,
  reviewCreateSchema,
  voteResultSchema,
  wrapped,
} from '../../shared/reviews'
import { toPublicReview } from './dto'
import * as service from './service'

const TAGS = ['reviews']
const productParams = z.object({ storeId: z.string(), productId: z.string() })
const reviewParams = z.object({ storeId: z.string(), reviewId: z.string() })

/** Limits per address: new reviews are few by nature; votes and reports a little more generous. */
export const REVIEW_POST_LIMIT = { max: 10, windowMs: 10 * 60_000 }
export const REVIEW_VOTE_LIMIT = { max: 30, windowMs: 60_000 }

export function pageData<T>(rows: T[], total: number, page: number, limit: number) {
  return { reviews: rows, total, page, limit, totalPages: Math.ceil(total / limit) }
}

/** What buyers and visitors may do without an account (spec 002 §6, §7). */
export async function publicReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const deps = { db: app.db, appSecret: app.config.APP_SECRET }
  const postLimit = app.rateLimiter.guard(
    [{ key: (r) => `review-post|${r.ip}`, ...REVIEW_POST_LIMIT }],
    REVIEW_MESSAGES.tooMany,
  )
  const voteLimit = app.rateLimiter.guard(
    [{ key: (r) => `review-vote|${r.ip}`, ...REVIEW_VOTE_LIMIT }],
    REVIEW_MESSAGES.tooManyVotes,
  )

  app.post(
    '/stores/:storeId/reviews',
    {
      schema: {
        tags: TAGS,
        summary: 'Creates a PENDING review; verified only with the signed token of a paid order of the product',
        params: storeParams,
        body: reviewCreateSchema,
        response: { 201: wrapped(publicReviewSchema) },
      },
      preHandler: postLimit,
    },
    async (request, reply) => {
      const row = await service.createReview(deps, request.params.storeId, request.body)
      return reply.status(201).send({ statusCode: 201, data: toPublicReview(row), message: REVIEW_MESSAGES.created })
    },
  )

  app.get(
    '/stores/:storeId/reviews/order/:orderId',
    {
      schema: {
        tags: TAGS,
        summary: "A paid order's products its buyer may still review (token from the order status answer)",
        params: z.object({ storeId: z.string(), orderId: z.string() }),
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: wrapped(reviewableOrderSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const data = await service.reviewableProducts(
        deps,
        request.params.storeId,
        request.params.orderId,
        request.query.token,
      )
      return { statusCode: 200, data }
    },
  )

  app.get(
    '/stores/:storeId/reviews/product/:productId',
    {
      schema: {
        tags: TAGS,
        summary: 'Approved reviews of a product, newest first',
        params: productParams,
        querystring: productReviewsQuerySchema,
        response: { 200: publicReviewPageSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query
      const { rows, total } = await service.listProductReviews(
        app.db,
        request.params.storeId,
        request.params.productId,
        page,
        limit,
      )
      return { statusCode: 200, data: pageData(rows.map(toPublicReview), total, page, limit) }
    },
  )

  app.get(
    '/stores/:storeId/reviews/product/:productId/stats',
    {
      schema: {
        tags: TAGS,
        summary: 'Statistics of the approved reviews of a product (no average when there are none)',
        params: productParams,
        response: { 200: wrapped(productStatsSchema) },
      },
    },
    async (request) => ({
      statusCode: 200,
      data: await service.productStats(app.db, request.params.storeId, request.params.productId),
    }),
  )

  app.patch(
    '/stores/:storeId/reviews/:reviewId/helpful',
    {
      schema: {
        tags: TAGS,
        summary: 'One helpful vote per visitor (an HMAC of address and user agent)',
        params: reviewParams,
        response: { 200: wrapped(voteResultSchema) },
      },
      preHandler: voteLimit,
    },
    async (request) => {
      const visitor = service.visitorHash(app.config.APP_SECRET, request.ip, request.headers['user-agent'])
      const { row, counted } = await service.vote(
        app.db,
        request.params.storeId,
        request.params.reviewId,
        'HELPFUL',
        visitor,
      )
      return { statusCode: 200, data: { helpfulVotes: row.helpful_votes, counted } }
    },
  )

  app.patch(
    '/stores/:storeId/reviews/:reviewId/report',
    {
      schema: {
        tags: TAGS,
        summary: "Reports a review to the merchant's queue (once per visitor)",
        params: reviewParams,
        response: { 200: wrapped(reportResultSchema) },
      },
      preHandler: voteLimit,
    },
    async (request) => {
      const visitor = service.visitorHash(app.config.APP_SECRET, request.ip, request.headers['user-agent'])
      await service.vote(app.db, request.params.storeId, request.params.reviewId, 'REPORT', visitor)
      return {
        statusCode: 200,
        data: { reported: true },
        message: 'Obrigado! A loja vai analisar esta avaliação.',
      }
    },
  )
}
