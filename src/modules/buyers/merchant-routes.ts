import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { errorBody } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { orderDownloadsSchema } from '../../shared/buyers'
import { catalogService } from '../catalog'
import { orderingService } from '../ordering'
import * as repo from './repository'

/** The merchant's view of what a buyer downloaded: per file of the order, how many times and when last. */
export async function merchantDownloadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/stores/:storeId/orders/:orderId/downloads',
    {
      schema: {
        tags: ['orders'],
        params: z.object({ storeId: z.string(), orderId: z.string() }),
        response: { 200: orderDownloadsSchema, 404: errorBody },
      },
      preHandler: requireStoreOwner(fastify),
    },
    async (request) => {
      const order = await orderingService.orderSnapshot(app.db, request.params.orderId)
      if (order?.storeId !== request.store!.id) throw new AppError(404, 'Pedido não encontrado')
      const rows = await repo.downloadsOf(app.db, [order.id])
      const files = await catalogService.deliverablesOf(
        app.db,
        order.items.map((i) => i.productId),
      )
      return files.map((f) => {
        const row = rows.find((r) => r.file_id === f.id)
        return {
          fileId: f.id,
          name: f.name,
          downloads: row?.downloads ?? 0,
          lastDownloadAt: row?.last_download_at.toISOString() ?? null,
        }
      })
    },
  )
}
