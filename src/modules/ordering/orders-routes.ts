import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { saoPauloDay } from '../../shared/dates'
import { platformOrderSchema, storeOrderSchema } from '../../shared/ordering'
import { csvHead, csvLine } from '../../shared/orders-csv'
import { orderFiltersSchema, orderPageQuerySchema, orderSummarySchema } from '../../shared/orders-list'
import { exportOrders, listOrdersPage, listPlatformOrdersPage, summarizeOrders } from './orders-list'

/**
 * The store orders page: GET /stores/:storeId/orders (one page, spec 000: an array) and the CSV export; the admin's
 * platform orders screen ('Ver todas' on the general dashboard): GET /admin/orders and its summary, same filters.
 */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const params = storeParams

  app.get(
    '/stores/:storeId/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'One page of the store orders, newest first (filters in SQL; next page: after = last id)',
        params,
        querystring: orderPageQuerySchema,
        response: { 200: z.array(storeOrderSchema) },
      },
      preHandler: requireStoreOwner(fastify),
    },
    async (request) => listOrdersPage(app.db, request.store!.id, request.query),
  )

  app.get(
    '/stores/:storeId/orders/export',
    {
      schema: {
        tags: ['orders'],
        summary: 'Every order matching the filters as CSV (pt-BR spreadsheet), streamed in batches',
        params,
        querystring: orderFiltersSchema,
      },
      // A file of every order can wait for the checkouts in flight (src/platform/http-priority.ts).
      config: { background: true },
      preHandler: requireStoreOwner(fastify),
    },
    async (request, reply) => {
      const storeId = request.store!.id
      const batches = exportOrders(app.db, storeId, request.query)
      async function* csv() {
        yield csvHead()
        for await (const batch of batches) yield batch.map(csvLine).join('')
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pedidos-${saoPauloDay(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()))
    },
  )

  const admin = app.requireRole('ADMIN')
  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: "One page of every store's orders, newest first, each with its store's name (same filters and pages)",
        querystring: orderPageQuerySchema,
        response: { 200: z.array(platformOrderSchema) },
      },
      preHandler: admin,
    },
    async (request) => listPlatformOrdersPage(app.db, request.query),
  )

  app.get(
    '/admin/orders/summary',
    {
      schema: {
        tags: ['admin'],
        summary: "The platform orders screen's cards for the same filters as its list",
        querystring: orderFiltersSchema,
        response: { 200: orderSummarySchema },
      },
      // Counting every store's orders can wait for the checkouts in flight (src/platform/http-priority.ts).
      config: { background: true },
      preHandler: admin,
    },
    async (request) => summarizeOrders(app.db, null, request.query),
  )
}
