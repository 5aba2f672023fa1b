import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { PAYMENT_MESSAGES, publicPaymentMethodsSchema } from '../../shared/payments'
import { isUuid, STORE_NOT_FOUND, storesService } from '../stores'
import { publicMethods } from './config-service'

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
    },
    async (request) => {
      const storeId = request.query.storeId
      if (!storeId) throw new AppError(400, PAYMENT_MESSAGES.storeIdRequired)
      if (!isUuid(storeId) || !(await storesService.findStoreById(app.db, storeId)))
        throw new AppError(404, STORE_NOT_FOUND)
      return { success: true as const, data: await publicMethods(app.db, storeId) }
    },
  )
}
