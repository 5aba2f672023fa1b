import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { requireStoreOwner } from '../../platform/store-guard'
import { refundInputSchema, refundListSchema, refundSchema } from '../../shared/refunds'
import type { PaymentsModuleDeps } from '../payments'
import { orderingDeps } from './deps'
import { listOrderRefunds, refundOrder } from './refund-order'
import { ORDER_NOT_FOUND } from './service'

/** POST/GET /stores/:storeId/orders/:orderId/refunds: the owner refunds a paid order, whole or in part. */
export async function refundRoutes(fastify: FastifyInstance, moduleDeps: PaymentsModuleDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const deps = orderingDeps(app, moduleDeps)
  const params = z.object({ storeId: z.string(), orderId: z.string() })

  app.post(
    '/stores/:storeId/orders/:orderId/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: 'Refunds a paid order through the gateway: the amount left by default, or an amount, or one line',
        params,
        body: refundInputSchema,
        response: { 201: refundSchema },
      },
      preHandler: requireStoreOwner(fastify),
    },
    async (request, reply) => {
      const refund = await refundOrder(deps, request.store!.id, request.params.orderId, request.user.id, request.body)
      return reply.status(201).send(refund)
    },
  )

  app.get(
    '/stores/:storeId/orders/:orderId/refunds',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's refunds, oldest first, with what was refunded and what may still be",
        params,
        response: { 200: refundListSchema },
      },
      preHandler: requireStoreOwner(fastify),
    },
    async (request) => {
      const list = await listOrderRefunds(app.db, request.store!.id, request.params.orderId)
      if (!list) throw new AppError(404, ORDER_NOT_FOUND)
      return list
    },
  )
}
