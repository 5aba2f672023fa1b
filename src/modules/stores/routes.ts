import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../platform/errors'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner, STORE_NOT_FOUND } from '../../platform/store-guard'
import { storeInputSchema, storeSchema, storeUpdateSchema } from '../../shared/stores'
import * as service from './service'

const params = storeParams

export async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)

  app.post(
    '/stores',
    {
      schema: { tags: ['stores'], body: storeInputSchema, response: { 201: storeSchema } },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const store = await service.createStore(app.db, request.user.id, request.body)
      return reply.status(201).send(service.toStoreDto(store))
    },
  )

  app.get(
    '/stores/me',
    { schema: { tags: ['stores'], response: { 200: z.array(storeSchema) } }, preHandler: app.authenticate },
    async (request) => (await service.listStoresByUser(app.db, request.user.id)).map(service.toStoreDto),
  )

  app.get(
    '/stores/:storeId',
    { schema: { tags: ['stores'], params, response: { 200: storeSchema } }, preHandler: ownStore },
    async (request) => {
      const store = await service.findStoreById(app.db, request.store!.id)
      if (!store) throw notFound(STORE_NOT_FOUND)
      return service.toStoreDto(store)
    },
  )

  app.patch(
    '/stores/:storeId',
    {
      schema: { tags: ['stores'], params, body: storeUpdateSchema, response: { 200: storeSchema } },
      preHandler: ownStore,
    },
    async (request) => {
      const store = await service.updateStore(app.db, request.store!.id, request.body)
      if (!store) throw notFound(STORE_NOT_FOUND)
      return service.toStoreDto(store)
    },
  )
}
