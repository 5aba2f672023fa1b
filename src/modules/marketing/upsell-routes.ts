import type { FastifyInstance, preHandlerHookHandler } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, orNotFound } from '../../platform/errors'
import { errorBody, storeItemParams, storeParams } from '../../platform/route-schemas'
import {
  publicUpsellSchema,
  UPSELL_MESSAGES,
  UPSELL_TRACK_KINDS,
  upsellInputSchema,
  upsellPatchSchema,
  upsellSchema,
  upsellStatsSchema,
  visitBodySchema,
} from '../../shared/marketing'
import { visitKeyOf } from './bumps'
import { ownerRoute } from './owner-route'
import * as upsells from './upsells'

const tags = ['marketing']

export async function upsellRoutes(
  fastify: FastifyInstance,
  shared: {
    pageQuery: z.ZodType<{ limit: number; offset: number }>
    trackedSchema: z.ZodType
    trackLimit: preHandlerHookHandler
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const owned = ownerRoute(fastify)

  app.get(
    '/stores/:storeId/upsells',
    owned({ params: storeParams, querystring: shared.pageQuery, response: { 200: z.array(upsellSchema) } }),
    async (request) => upsells.listUpsells(app.db, request.store!.id, request.query),
  )

  app.get(
    '/stores/:storeId/upsells/stats',
    owned({ params: storeParams, response: { 200: upsellStatsSchema } }),
    async (request) => upsells.upsellStats(app.db, request.store!.id),
  )

  app.get(
    '/stores/:storeId/upsells/eligible',
    {
      schema: {
        tags,
        description: 'Public. The store’s active post-purchase link, or null.',
        params: storeParams,
        response: { 200: z.object({ upsell: publicUpsellSchema.nullable() }) },
      },
      preHandler: shared.trackLimit,
    },
    async (request) => ({ upsell: await upsells.eligibleUpsell(app.db, request.params.storeId) }),
  )

  app.post(
    '/stores/:storeId/upsells',
    owned({
      params: storeParams,
      body: upsellInputSchema,
      response: { 201: upsellSchema, 400: errorBody, 409: errorBody },
    }),
    async (request, reply) =>
      reply.status(201).send(await upsells.createUpsell(app.db, request.store!.id, request.body)),
  )

  app.get(
    '/stores/:storeId/upsells/:id',
    owned({ params: storeItemParams, response: { 200: upsellSchema, 404: errorBody } }),
    async (request) =>
      orNotFound(await upsells.getUpsell(app.db, request.store!.id, request.params.id), UPSELL_MESSAGES.notFound),
  )

  app.patch(
    '/stores/:storeId/upsells/:id',
    owned({
      description: 'Partial. `active: true` deactivates the store’s other link in the same transaction.',
      params: storeItemParams,
      body: upsellPatchSchema,
      response: { 200: upsellSchema, 400: errorBody, 404: errorBody, 409: errorBody },
    }),
    async (request) =>
      orNotFound(
        await upsells.updateUpsell(app.db, request.store!.id, request.params.id, request.body),
        UPSELL_MESSAGES.notFound,
      ),
  )

  app.delete(
    '/stores/:storeId/upsells/:id',
    owned({ params: storeItemParams, response: { 204: z.null(), 404: errorBody } }),
    async (request, reply) => {
      if (!(await upsells.deleteUpsell(app.db, request.store!.id, request.params.id)))
        throw new AppError(404, UPSELL_MESSAGES.notFound)
      return reply.status(204).send(null)
    },
  )

  for (const kind of UPSELL_TRACK_KINDS) {
    app.post(
      `/stores/:storeId/upsells/:id/track/${kind}`,
      {
        schema: {
          tags,
          description: 'Public, no body needed. Counted once per visit by the worker.',
          params: storeItemParams,
          body: visitBodySchema,
          response: { 202: shared.trackedSchema, 404: errorBody },
        },
        preHandler: shared.trackLimit,
      },
      async (request, reply) => {
        const { storeId, id } = request.params
        const key = visitKeyOf(request.body?.visitId, request.ip, request.headers['user-agent'])
        if (!(await upsells.trackUpsell(app.db, storeId, id, kind, key)))
          throw new AppError(404, UPSELL_MESSAGES.notFound)
        return reply.status(202).send({ counted: true })
      },
    )
  }
}
