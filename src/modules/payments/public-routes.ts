import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { publicReadLimit, sendCacheable } from '../../platform/http-cache'
import { STORE_NOT_FOUND } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import { PAYMENT_MESSAGES, publicPaymentMethodsSchema } from '../../shared/payments'
import { storesService } from '../stores'
import { methodsOf } from './config-service'
import * as repo from './repository'

/** The buyer's read of a store's payment methods: no login, never any key. */
export async function paymentMethodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/payment/ativo-pay/payment-methods-public',
    {
      schema: {
        tags: ['payments'],
        querystring: z.object({ storeId: z.string().optional() }),
        response: { 200: z.object({ success: z.literal(true), data: publicPaymentMethodsSchema }) },
      },
      preHandler: publicReadLimit(),
    },
    async (request, reply) => {
      const storeId = request.query.storeId
      if (!storeId) throw new AppError(400, PAYMENT_MESSAGES.storeIdRequired)
      if (!isUuid(storeId)) throw new AppError(404, STORE_NOT_FOUND)
      const methods = await app.publicConfig.answer(`methods:${storeId}`, async () => {
        const config = await repo.findConfig(app.db, storeId)
        // A configuration row proves the store exists (foreign key); only an unconfigured store needs the store check.
        if (!config && !(await storesService.findStoreById(app.db, storeId))) return undefined
        return { success: true as const, data: methodsOf(config) }
      })
      if (!methods) throw new AppError(404, STORE_NOT_FOUND)
      return sendCacheable(request, reply, methods)
    },
  )
}
