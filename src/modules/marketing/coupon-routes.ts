import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound, orNotFound } from '../../platform/errors'
import { storeItemParams, storeParams } from '../../platform/route-schemas'
import { COUPON_MESSAGES, couponInputSchema, couponSchema, couponStatusSchema } from '../../shared/coupons'
import * as coupons from './coupons'
import { ownerRoute } from './owner-route'

const NOT_FOUND = COUPON_MESSAGES.notFound

/** A store's coupons (the merchant's 'Cupons' screen); buyers reach a coupon only through the quote and the order. */
export async function couponRoutes(
  fastify: FastifyInstance,
  shared: { pageQuery: z.ZodType<{ limit: number; offset: number }>; errorBody: z.ZodType },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const owned = ownerRoute(fastify)
  const { pageQuery, errorBody } = shared
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody }

  app.get(
    '/stores/:storeId/coupons',
    owned({ params: storeParams, querystring: pageQuery, response: { 200: z.array(couponSchema) } }),
    async (request) => coupons.listCoupons(app.db, request.store!.id, request.query),
  )

  app.post(
    '/stores/:storeId/coupons',
    owned({ params: storeParams, body: couponInputSchema, response: { 201: couponSchema, ...errors } }),
    async (request, reply) =>
      reply.status(201).send(await coupons.createCoupon(app.db, request.store!.id, request.body)),
  )

  app.get(
    '/stores/:storeId/coupons/:id',
    owned({ params: storeItemParams, response: { 200: couponSchema, 404: errorBody } }),
    async (request) => orNotFound(await coupons.getCoupon(app.db, request.store!.id, request.params.id), NOT_FOUND),
  )

  app.put(
    '/stores/:storeId/coupons/:id',
    owned({ params: storeItemParams, body: couponInputSchema, response: { 200: couponSchema, ...errors } }),
    async (request) =>
      orNotFound(await coupons.updateCoupon(app.db, request.store!.id, request.params.id, request.body), NOT_FOUND),
  )

  app.patch(
    '/stores/:storeId/coupons/:id/status',
    owned({ params: storeItemParams, body: couponStatusSchema, response: { 200: couponSchema, 404: errorBody } }),
    async (request) =>
      orNotFound(
        await coupons.setCouponActive(app.db, request.store!.id, request.params.id, request.body.active),
        NOT_FOUND,
      ),
  )

  app.delete(
    '/stores/:storeId/coupons/:id',
    owned({ params: storeItemParams, response: { 204: z.null(), 404: errorBody } }),
    async (request, reply) => {
      if (!(await coupons.deleteCoupon(app.db, request.store!.id, request.params.id))) throw notFound(NOT_FOUND)
      return reply.status(204).send(null)
    },
  )
}
