import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { saleSchema, saleStatusBodySchema, salesListSchema, salesQuerySchema } from '../../shared/sales'
import { listSales, setSaleStatus } from './sales'

/** GET /sales and PATCH /sales/:saleId/status (spec 000 §7): the caller's own stores only, ADMIN included. */
export async function salesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/sales',
    {
      schema: {
        tags: ['sales'],
        summary: "The caller's sales across all of their stores, newest first, filtered and paginated",
        querystring: salesQuerySchema,
        response: { 200: salesListSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => listSales(app.db, request.user.id, request.query),
  )

  app.patch(
    '/sales/:saleId/status',
    {
      schema: {
        tags: ['sales'],
        summary: "Changes a sale's status (Pago on a pending sale is a manual payment confirmation)",
        params: z.object({ saleId: z.string() }),
        body: saleStatusBodySchema,
        response: { 200: saleSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => setSaleStatus(app.db, request.user.id, request.params.saleId, request.body.status),
  )
}
