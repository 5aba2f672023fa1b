import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError, notFound } from '../../platform/errors'
import { publicReadLimit, sendCacheable } from '../../platform/http-cache'
import { storeItemParams, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner, STORE_NOT_FOUND } from '../../platform/store-guard'
import {
  NO_SHIPPING_OPTION,
  publicShippingOptionSchema,
  SHIPPING_MESSAGES,
  shippingCalculateAnswerSchema,
  shippingCalculateSchema,
  shippingOptionInputSchema,
  shippingOptionSchema,
  shippingOptionUpdateSchema,
  shippingSettingsSchema,
} from '../../shared/checkout'
import { isUuid } from '../../shared/ids'
import { toReais } from '../../shared/money'
import { storesService } from '../stores'
import { toPublicShippingOption, toQuoteDto, toShippingOptionDto } from './dto'
import * as shipping from './shipping'

const tags = ['shipping']

/** A store a buyer may reach: it exists (a public route has no owner to check). */
async function publicStore(app: FastifyInstance, storeId: string) {
  const store = isUuid(storeId) ? await storesService.findStoreById(app.db, storeId) : undefined
  if (!store) throw new AppError(404, STORE_NOT_FOUND)
  return store
}

export async function shippingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  const buyerLimit = app.rateLimit({ max: 120, timeWindow: 60_000 })
  const publicRead = publicReadLimit()

  app.post(
    '/stores/:storeId/shipping',
    {
      schema: { tags, params: storeParams, body: shippingOptionInputSchema, response: { 201: shippingOptionSchema } },
      preHandler: ownStore,
    },
    async (request, reply) => {
      const row = await shipping.createShippingOption(app.db, request.store!.id, request.body)
      return reply.status(201).send(toShippingOptionDto(row))
    },
  )

  app.get(
    '/stores/:storeId/shipping',
    { schema: { tags, params: storeParams, response: { 200: z.array(shippingOptionSchema) } }, preHandler: ownStore },
    async (request) => (await shipping.listShippingOptions(app.db, request.store!.id)).map(toShippingOptionDto),
  )

  app.get(
    '/stores/:storeId/shipping/public/options',
    {
      schema: { tags, params: storeParams, response: { 200: z.array(publicShippingOptionSchema) } },
      preHandler: publicRead,
    },
    async (request, reply) => {
      const { storeId } = request.params
      if (!isUuid(storeId)) throw new AppError(404, STORE_NOT_FOUND)
      const options = await app.publicConfig.answer(`shipping:${storeId}`, async () => {
        const rows = await shipping.listShippingOptions(app.db, storeId, { activeOnly: true })
        // An option row proves the store exists (foreign key); only a store without options needs the store check.
        if (rows.length === 0 && !(await storesService.findStoreById(app.db, storeId))) return undefined
        return rows.map(toPublicShippingOption)
      })
      if (!options) throw new AppError(404, STORE_NOT_FOUND)
      return sendCacheable(request, reply, options)
    },
  )

  app.post(
    '/stores/:storeId/shipping/calculate',
    {
      schema: {
        tags,
        description:
          'Quotes every active option for a CEP. The subtotal is priced from the catalog: item prices and totalValue sent by the client are ignored.',
        params: storeParams,
        body: shippingCalculateSchema,
        response: { 200: shippingCalculateAnswerSchema },
      },
      preHandler: buyerLimit,
    },
    async (request) => {
      const store = await publicStore(app, request.params.storeId)
      const subtotalCents = await shipping.subtotalFromCatalog(app.db, store.id, request.body.items)
      const { quotes, fallback } = await shipping.quoteShippingWithFallback(
        app.db,
        store.id,
        request.body.zipCode,
        subtotalCents,
        {
          deps: { db: app.db, config: app.config, log: request.log, now: () => app.clock.now() },
          items: request.body.items,
        },
      )
      return {
        zipCode: request.body.zipCode,
        subtotal: toReais(subtotalCents),
        options: quotes.map(toQuoteDto),
        fallback,
        message: quotes.length === 0 ? NO_SHIPPING_OPTION : null,
      }
    },
  )

  // Static segments win over '/shipping/:id' in the router, so 'settings' never reaches the option routes.
  app.get(
    '/stores/:storeId/shipping/settings',
    { schema: { tags, params: storeParams, response: { 200: shippingSettingsSchema } }, preHandler: ownStore },
    async (request) => ({ fallbackEnabled: await shipping.shippingFallbackEnabled(app.db, request.store!.id) }),
  )

  app.put(
    '/stores/:storeId/shipping/settings',
    {
      schema: { tags, params: storeParams, body: shippingSettingsSchema, response: { 200: shippingSettingsSchema } },
      preHandler: ownStore,
    },
    async (request) => ({
      fallbackEnabled: await shipping.saveShippingFallback(app.db, request.store!.id, request.body.fallbackEnabled),
    }),
  )

  app.get(
    '/stores/:storeId/shipping/:id',
    { schema: { tags, params: storeItemParams, response: { 200: shippingOptionSchema } }, preHandler: ownStore },
    async (request) => {
      const row = await shipping.findShippingOption(app.db, request.store!.id, request.params.id)
      if (!row) throw notFound(SHIPPING_MESSAGES.notFound)
      return toShippingOptionDto(row)
    },
  )

  app.patch(
    '/stores/:storeId/shipping/:id',
    {
      schema: {
        tags,
        params: storeItemParams,
        body: shippingOptionUpdateSchema,
        response: { 200: shippingOptionSchema },
      },
      preHandler: ownStore,
    },
    async (request) => {
      const row = await shipping.updateShippingOption(app.db, request.store!.id, request.params.id, request.body)
      if (!row) throw notFound(SHIPPING_MESSAGES.notFound)
      return toShippingOptionDto(row)
    },
  )

  app.delete(
    '/stores/:storeId/shipping/:id',
    { schema: { tags, params: storeItemParams, response: { 204: z.null() } }, preHandler: ownStore },
    async (request, reply) => {
      const deleted = await shipping.deleteShippingOption(app.db, request.store!.id, request.params.id)
      if (!deleted) throw notFound(SHIPPING_MESSAGES.notFound)
      return reply.status(204).send(null)
    },
  )
}
