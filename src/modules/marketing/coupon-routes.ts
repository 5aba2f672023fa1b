import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { storeParams } from '../../platform/route-schemas'
import { COUPON_MESSAGES, couponInputSchema, couponSchema, couponStatusSchema } from '../../shared/coupons'
import { requireStoreOwner } from '../stores'
import * as coupons from './coupons'

const tags = ['marketing']
const couponParams = z.object({ storeId: z.string(), id: z.string() })
const notFound = () => new AppError(404, COUPON_MESSAGES.notFound)

/** A store's coupons (the merchant's 'Cupons' screen); buyers reach a coupon only through the quote and the order. */
export async function couponRoutes(
  fastify: FastifyInstance,
  shared: { pageQuery: z.ZodType<{ limit: number; offset: number }>; errorBody: z.ZodType },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const { pageQuery, errorBody } = shared
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody }

  app.get(
    '/stores/:storeId/coupons',
    {
      schema: { tags, params: storeParams, querystring: pageQuery, response: { 200: z.array(couponSchema) } },
      preHandler: ownStore,
    },
    async (request) => coupons.listCoupons(app.db, request.store!.id, request.query),
  )

  app.post(
    '/stores/:storeId/coupons',
    {
      schema: { tags, params: storeParams, body: couponInputSchema, response: { 201: couponSchema, ...errors } },
      preHandler: ownStore,
    },
    async (request, reply) =>
      reply.status(201).send(await coupons.createCoupon(app.db, request.store!.id, request.body)),
  )

  app.get(
    '/stores/:storeId/coupons/:id',
    { schema: { tags, params: couponParams, response: { 200: couponSchema, 404: errorBody } }, preHandler: ownStore },
    async (request) =>
      (await coupons.getCoupon(app.db, request.store!.id, request.params.id)) ?? Promise.reject(notFound()),
  )

  app.put(
    '/stores/:storeId/coupons/:id',
    {
      schema: { tags, params: couponParams, body: couponInputSchema, response: { 200: couponSchema, ...errors } },
      preHandler: ownStore,
    },
    async (request) =>
      (await coupons.updateCoupon(app.db, request.store!.id, request.params.id, request.body)) ??
      Promise.reject(notFound()),
  )

  app.patch(
    '/stores/:storeId/coupons/:id/status',
    {
      schema: { tags, params: couponParams, body: couponStatusSchema, response: { 200: couponSchema, 404: errorBody } },
      preHandler: ownStore,
    },
    async (request) =>
      (await coupons.setCouponActive(app.db, request.store!.id, request.params.id, request.body.active)) ??
      Promise.reject(notFound()),
  )

  app.delete(
    '/stores/:storeId/coupons/:id',
    { schema: { tags, params: couponParams, response: { 204: z.null(), 404: errorBody } }, preHandler: ownStore },
    async (request, reply) => {
      if (!(await coupons.deleteCoupon(app.db, request.store!.id, request.params.id))) throw notFound()
      return reply.status(204).send(null)
    },
  )
}
