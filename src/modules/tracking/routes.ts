import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AppError } from '../../platform/errors'
import { publicReadLimit, sendCacheable } from '../../platform/http-cache'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import {
  PIXEL_MESSAGES,
  pixelConfigInputSchema,
  pixelConfigSchema,
  pixelDeliveryListSchema,
  publicPixelConfigSchema,
} from '../../shared/pixel'
import { storesService } from '../stores'
import { listDeliveries } from './capi'
import * as service from './config-service'

const TAGS = ['facebook-pixel']
const params = storeParams
const DELIVERY_LOG_SIZE = 20

export async function trackingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const publicRead = publicReadLimit()

  app.get(
    '/stores/:storeId/facebook-pixel',
    { schema: { tags: TAGS, params, response: { 200: pixelConfigSchema } }, preHandler: ownStore },
    async (request) => service.getConfig(app.db, request.store!.id),
  )

  app.patch(
    '/stores/:storeId/facebook-pixel',
    {
      schema: {
        tags: TAGS,
        description:
          'Saves the pixel configuration. An active pixel needs a 15–16 digit id; a typed access token (40–200 of ' +
          'letters, digits, _, | or -) is stored encrypted and only ever answered masked; empty or masked keeps it.',
        params,
        body: pixelConfigInputSchema,
        response: { 200: pixelConfigSchema },
      },
      preHandler: ownStore,
    },
    async (request) => service.saveConfig({ db: app.db, config: app.config }, request.store!.id, request.body),
  )

  app.get(
    '/stores/:storeId/facebook-pixel/deliveries',
    { schema: { tags: TAGS, params, response: { 200: pixelDeliveryListSchema } }, preHandler: ownStore },
    async (request) => ({ deliveries: await listDeliveries(app.db, request.store!.id, DELIVERY_LOG_SIZE) }),
  )

  app.get(
    '/public/stores/:storeId/facebook-pixel',
    {
      schema: {
        tags: TAGS,
        description: 'What the checkout pages need to load the pixel: id, active and toggles. Never the token.',
        params,
        response: { 200: publicPixelConfigSchema },
      },
      preHandler: publicRead,
    },
    async (request, reply) => {
      const { storeId } = request.params
      const pixel = isUuid(storeId)
        ? await app.publicConfig.answer(`pixel:${storeId}`, async () =>
            (await storesService.findStoreById(app.db, storeId)) ? service.getPublicConfig(app.db, storeId) : undefined,
          )
        : undefined
      if (!pixel) throw new AppError(404, PIXEL_MESSAGES.storeNotFound)
      return sendCacheable(request, reply, pixel)
    },
  )
}
