import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import { type StoreReadiness, storeReadinessSchema } from '../../shared/readiness'
import { catalogService } from '../catalog'
import { paymentsService } from '../payments'
import * as repo from './repository'
import { shippingFallbackEnabled } from './shipping'
import type { Db } from './tables'

/**
 * Whether the store can sell, asked of each module through its service functions: payments (an active key with a
 * method on, the same test the checkout applies), catalog (something a buyer can buy) and this module's shipping
 * and customisation.
 */
export async function storeReadiness(db: Db, storeId: string): Promise<StoreReadiness> {
  const [methods, products, options, fallbackEnabled, customization] = await Promise.all([
    paymentsService.publicMethods(db, storeId),
    catalogService.countSellable(db, storeId),
    repo.listShippingOptions(db, storeId, { activeOnly: true }),
    shippingFallbackEnabled(db, storeId),
    repo.findCustomization(db, storeId),
  ])
  const enabled = Object.values(methods)
    .filter((m) => m.enabled)
    .map((m) => m.name)
  const payment = { ok: enabled.length > 0, methods: enabled }
  const sellable = products.digital + products.physicalInStock
  const productsState = { ok: sellable > 0, total: products.total, sellable, physical: products.physical }
  const shipping = {
    ok: options.length > 0 || fallbackEnabled,
    required: products.physical > 0,
    activeOptions: options.length,
    fallbackEnabled,
  }
  return {
    ready: payment.ok && productsState.ok && (!shipping.required || shipping.ok),
    payment,
    products: productsState,
    shipping,
    checkout: { customized: customization !== undefined },
  }
}

export async function readinessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/stores/:storeId/readiness',
    {
      schema: {
        tags: ['checkout'],
        description: 'Can the store sell: payment, products, shipping (physical products) and checkout look.',
        params: storeParams,
        response: { 200: storeReadinessSchema },
      },
      preHandler: requireStoreOwner(fastify),
    },
    async (request) => storeReadiness(app.db, request.store!.id),
  )
}
