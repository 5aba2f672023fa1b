import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { markGuard } from '../../platform/auth'
import { AppError } from '../../platform/errors'
import { pageNumberQuery, storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import {
  simulateSaleResultSchema,
  UTMIFY_MESSAGES,
  UTMIFY_STATUSES,
  utmifyConfigInputSchema,
  utmifyConfigSchema,
  utmifyDeliveryListSchema,
} from '../../shared/integrations'
import { UTMIFY_DELIVER_JOB } from './jobs'
import * as service from './service'
import { webhookRoutes } from './webhook-routes'

const TAGS = ['integrations']
const params = storeParams
const deliveryParams = z.object({ storeId: z.string(), deliveryId: z.string() })
const pageQuery = pageNumberQuery({ maxLimit: 100, defaultLimit: 20 })

export async function integrationsRoutes(fastify: FastifyInstance) {
  await webhookRoutes(fastify)
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ownStore = requireStoreOwner(fastify)
  /** The owner check with UTMify's own wording for a missing or foreign store (spec 002 §8). */
  const ownUtmifyStore = markGuard(async (request, reply) => {
    try {
      await ownStore(request, reply)
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400))
        throw new AppError(404, UTMIFY_MESSAGES.storeNotFound)
      throw err
    }
  })
  const deps = () => ({ db: app.db, config: app.config, log: app.log })

  app.get(
    '/integrations/utmfy/config/:storeId',
    { schema: { tags: TAGS, params, response: { 200: utmifyConfigSchema } }, preHandler: ownUtmifyStore },
    async (request) => service.getConfig(app.db, request.store!.id),
  )

  app.put(
    '/integrations/utmfy/config/:storeId',
    {
      schema: { tags: TAGS, params, body: utmifyConfigInputSchema, response: { 200: utmifyConfigSchema } },
      preHandler: ownUtmifyStore,
    },
    async (request) => service.saveConfig(deps(), request.store!.id, request.body),
  )

  app.post(
    '/integrations/utmfy/simulate-sale/:storeId',
    { schema: { tags: TAGS, params, response: { 200: simulateSaleResultSchema } }, preHandler: ownUtmifyStore },
    async (request) => service.simulateSale(deps(), request.store!.id),
  )

  app.get(
    '/integrations/utmfy/deliveries/:storeId',
    {
      schema: { tags: TAGS, params, querystring: pageQuery, response: { 200: utmifyDeliveryListSchema } },
      preHandler: ownUtmifyStore,
    },
    async (request) => service.listDeliveries(app.db, request.store!.id, request.query.page, request.query.limit),
  )

  app.post(
    '/integrations/utmfy/deliveries/:storeId/:deliveryId/retry',
    {
      schema: {
        tags: TAGS,
        params: deliveryParams,
        response: { 202: z.object({ message: z.string(), status: z.enum(UTMIFY_STATUSES) }) },
      },
      preHandler: ownUtmifyStore,
    },
    async (request, reply) => {
      const id = request.params.deliveryId
      const row = isUuid(id) ? await service.reopenDelivery(app.db, request.store!.id, id) : undefined
      if (!row) throw new AppError(404, 'Entrega não encontrada')
      await app.jobs.enqueue(
        UTMIFY_DELIVER_JOB,
        { orderId: row.order_id, status: row.status },
        { jobId: `utmify-retry-${row.id}-${Date.now()}` },
      )
      return reply.status(202).send({ message: UTMIFY_MESSAGES.retried, status: row.status })
    },
  )
}
