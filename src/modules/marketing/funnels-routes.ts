/** HTTP of the funnels: the owner's CRUD and stats, and the buyer's offer on the order page (token only). */
import type { FastifyInstance, FastifySchema } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, orNotFound } from '../../platform/errors'
import { errorBody, limitOffsetQuery, storeParams } from '../../platform/route-schemas'
import {
  acceptResultSchema,
  declineResultSchema,
  FUNNEL_MESSAGES,
  funnelInputSchema,
  funnelPatchSchema,
  funnelSchema,
  funnelStatsSchema,
  offerAnswerSchema,
  offerChildSchema,
  offerSchema,
  offerTokenQuery,
} from '../../shared/funnels'
import { acceptOffer, currentOffer, declineOffer, type OfferDeps, offerChildren } from './funnel-offers'
import * as funnels from './funnels'
import { ownerRoute } from './owner-route'

const pageQuery = limitOffsetQuery({ maxLimit: 100, defaultLimit: 50, maxOffset: 100_000 })
const funnelParams = z.object({ storeId: z.string(), funnelId: z.string().uuid('Funil não encontrado') })
const orderParams = z.object({ orderId: z.string().uuid('Pedido não encontrado') })
const tags = ['funnels']

export function funnelsRoutes(offerDeps: Omit<OfferDeps, 'app'>) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    const owned = ownerRoute(fastify)
    const deps: OfferDeps = { ...offerDeps, app: fastify }
    const found = <T>(v: T | undefined) => orNotFound(v, FUNNEL_MESSAGES.notFound)

    app.get(
      '/stores/:storeId/funnels',
      owned({ params: storeParams, querystring: pageQuery, response: { 200: z.array(funnelSchema) } }),
      async (request) => funnels.listFunnels(app.db, request.store!.id, request.query),
    )
    app.post(
      '/stores/:storeId/funnels',
      owned({ params: storeParams, body: funnelInputSchema, response: { 201: funnelSchema, 400: errorBody } }),
      async (request, reply) =>
        reply.status(201).send(await funnels.createFunnel(app.db, request.store!.id, request.body)),
    )
    app.get(
      '/stores/:storeId/funnels/:funnelId',
      owned({ params: funnelParams, response: { 200: funnelSchema, 404: errorBody } }),
      async (request) => found(await funnels.getFunnel(app.db, request.store!.id, request.params.funnelId)),
    )
    app.patch(
      '/stores/:storeId/funnels/:funnelId',
      owned({ params: funnelParams, body: funnelPatchSchema, response: { 200: funnelSchema, 400: errorBody } }),
      async (request) =>
        found(await funnels.updateFunnel(app.db, request.store!.id, request.params.funnelId, request.body)),
    )
    app.delete(
      '/stores/:storeId/funnels/:funnelId',
      owned({ params: funnelParams, response: { 204: z.null(), 404: errorBody } }),
      async (request, reply) => {
        if (!(await funnels.deleteFunnel(app.db, request.store!.id, request.params.funnelId)))
          throw new AppError(404, FUNNEL_MESSAGES.notFound)
        return reply.status(204).send(null)
      },
    )
    app.get(
      '/stores/:storeId/funnels/:funnelId/stats',
      owned({ params: funnelParams, response: { 200: funnelStatsSchema, 404: errorBody } }),
      async (request) => found(await funnels.funnelStats(app.db, request.store!.id, request.params.funnelId)),
    )

    // The buyer's side: the order page's token is the only credential; a wrong one answers 404 like a missing order.
    const limit = app.rateLimit({ max: 120, timeWindow: 60_000 })
    const buyer = <S extends FastifySchema>(schema: S) => ({
      schema: { tags, params: orderParams, querystring: offerTokenQuery, ...schema },
      preHandler: limit,
    })
    app.get(
      '/orders/:orderId/offer',
      buyer({ response: { 200: offerSchema, 204: z.null(), 404: errorBody, 410: errorBody } }),
      async (request, reply) => {
        const offer = await currentOffer(deps, request.params.orderId, request.query.t)
        return offer ? offer : reply.status(204).send(null)
      },
    )
    app.get(
      '/orders/:orderId/offer/orders',
      buyer({ response: { 200: z.array(offerChildSchema), 404: errorBody } }),
      async (request) => offerChildren(deps, request.params.orderId, request.query.t),
    )
    app.post(
      '/orders/:orderId/offer/accept',
      buyer({
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }).passthrough(),
        body: offerAnswerSchema,
        response: {
          200: acceptResultSchema,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
        },
      }),
      async (request) => {
        const key = request.headers['idempotency-key']
        if (!key) throw new AppError(400, FUNNEL_MESSAGES.idempotencyKey)
        return acceptOffer(deps, request.params.orderId, request.query.t, request.body, key, request.ip)
      },
    )
    app.post(
      '/orders/:orderId/offer/decline',
      buyer({
        body: offerAnswerSchema,
        response: { 200: declineResultSchema, 404: errorBody, 409: errorBody, 410: errorBody },
      }),
      async (request) => declineOffer(deps, request.params.orderId, request.query.t, request.body.stepKey),
    )
  }
}
