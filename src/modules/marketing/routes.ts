import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, orNotFound } from '../../platform/errors'
import { errorBody, limitOffsetQuery, storeItemParams, storeParams } from '../../platform/route-schemas'
import {
  BUMP_MESSAGES,
  BUMP_POSITIONS,
  bumpCalculateSchema,
  bumpInputSchema,
  bumpOfferSchema,
  bumpPatchSchema,
  bumpStatsSchema,
  orderBumpSchema,
  visitBodySchema,
} from '../../shared/marketing'
import * as bumps from './bumps'
import { couponRoutes } from './coupon-routes'
import { ownerRoute } from './owner-route'
import { upsellRoutes } from './upsell-routes'

const tags = ['marketing']
export const pageQuery = limitOffsetQuery({ maxLimit: 100, defaultLimit: 100, maxOffset: 100_000 })
export const trackedSchema = z.object({ counted: z.boolean() })

export async function marketingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const owned = ownerRoute(fastify)
  // Public calls a checkout makes a few times per visit; the per-visit dedupe keeps counters honest, this bounds load.
  const offerLimit = app.rateLimit({ max: 240, timeWindow: 60_000 })
  const trackLimit = app.rateLimit({ max: 240, timeWindow: 60_000 })

  app.get(
    '/stores/:storeId/order-bumps',
    owned({ params: storeParams, querystring: pageQuery, response: { 200: z.array(orderBumpSchema) } }),
    async (request) => bumps.listBumps(app.db, request.store!.id, request.query),
  )

  app.get(
    '/stores/:storeId/order-bumps/stats',
    owned({ params: storeParams, response: { 200: bumpStatsSchema } }),
    async (request) => bumps.bumpStats(app.db, request.store!.id),
  )

  app.post(
    '/stores/:storeId/order-bumps',
    owned({
      params: storeParams,
      body: bumpInputSchema.describe('showOnProducts: a list of product ids or a JSON string of one'),
      response: { 201: orderBumpSchema, 400: errorBody, 404: errorBody },
    }),
    async (request, reply) => reply.status(201).send(await bumps.createBump(app.db, request.store!.id, request.body)),
  )

  app.get(
    '/stores/:storeId/order-bumps/:id',
    owned({ params: storeItemParams, response: { 200: orderBumpSchema, 404: errorBody } }),
    async (request) =>
      orNotFound(await bumps.getBump(app.db, request.store!.id, request.params.id), BUMP_MESSAGES.notFound),
  )

  app.patch(
    '/stores/:storeId/order-bumps/:id',
    owned({
      params: storeItemParams,
      body: bumpPatchSchema,
      response: { 200: orderBumpSchema, 400: errorBody, 404: errorBody },
    }),
    async (request) =>
      orNotFound(
        await bumps.updateBump(app.db, request.store!.id, request.params.id, request.body),
        BUMP_MESSAGES.notFound,
      ),
  )

  app.delete(
    '/stores/:storeId/order-bumps/:id',
    owned({ params: storeItemParams, response: { 204: z.null(), 404: errorBody } }),
    async (request, reply) => {
      if (!(await bumps.deleteBump(app.db, request.store!.id, request.params.id)))
        throw new AppError(404, BUMP_MESSAGES.notFound)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/stores/:storeId/order-bumps/calculate',
    {
      schema: {
        tags,
        description: 'Public. The bumps to offer this cart; prices and cartTotal sent are ignored (server prices).',
        params: storeParams,
        querystring: z.object({ position: z.enum(BUMP_POSITIONS).optional() }),
        body: bumpCalculateSchema,
        response: { 200: z.array(bumpOfferSchema), 404: errorBody },
      },
      preHandler: offerLimit,
    },
    async (request) => bumps.calculateOffers(app.db, request.params.storeId, request.body, request.query.position),
  )

  for (const [path, kind] of [
    ['display', 'DISPLAY'],
    ['conversion', 'ADD'],
  ] as const) {
    app.post(
      `/stores/:storeId/order-bumps/:id/${path}`,
      {
        schema: {
          tags,
          description:
            path === 'display'
              ? 'Public. The widget showed this bump; counted once per visit by the worker.'
              : 'Public. The buyer added this bump in the widget (counted once per visit as an add); conversions come from placed orders.',
          params: storeItemParams,
          body: visitBodySchema,
          response: { 202: trackedSchema, 404: errorBody },
        },
        preHandler: trackLimit,
      },
      async (request, reply) => {
        const { storeId, id } = request.params
        const key = bumps.visitKeyOf(request.body?.visitId, request.ip, request.headers['user-agent'])
        if (!(await bumps.trackBump(app.db, storeId, id, kind, key))) throw new AppError(404, BUMP_MESSAGES.notFound)
        return reply.status(202).send({ counted: true })
      },
    )
  }

  await upsellRoutes(fastify, { pageQuery, trackedSchema, trackLimit })
  await couponRoutes(fastify, { pageQuery, errorBody })
}
