import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { melhorEnvioSettingsInputSchema, melhorEnvioSettingsSchema } from '../../shared/melhor-envio'
import * as service from './service'

const tags = ['shipping']

export async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)

  app.get(
    '/stores/:storeId/shipping/melhor-envio',
    { schema: { tags, params: storeParams, response: { 200: melhorEnvioSettingsSchema } }, preHandler: ownStore },
    async (request) => service.getSettings(app.db, request.store!.id),
  )

  app.put(
    '/stores/:storeId/shipping/melhor-envio',
    {
      schema: {
        tags,
        description: 'The token is write-only: answered masked; an empty or masked token keeps the stored one.',
        params: storeParams,
        body: melhorEnvioSettingsInputSchema,
        response: { 200: melhorEnvioSettingsSchema },
      },
      preHandler: ownStore,
    },
    async (request) => service.saveSettings({ db: app.db, config: app.config }, request.store!.id, request.body),
  )
}
