import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { isUuid } from '../../shared/ids'
import { orderPageSchema } from '../../shared/order-page'
import type { PaymentsModuleDeps } from '../payments'
import { orderingDeps } from './deps'
import { ORDER_PAGE_NOT_FOUND, orderPage, renewOrderPix, verifyOrderPageToken } from './order-page'
import { orderPageJson } from './order-page.dto'

/**
 * The buyer's order page API. Both routes answer only to the order's token (`t`); a wrong or missing token is the
 * same 404 as an unknown order, so the answer never tells whether an order id exists.
 */
export async function orderPageRoutes(fastify: FastifyInstance, moduleDeps: PaymentsModuleDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const deps = orderingDeps(app, moduleDeps)
  const params = z.object({ orderId: z.string().max(100) })
  const query = z.object({ t: z.string().max(200).default('') })
  // Each renewal calls the gateway: bounded per address like order creation.
  const renewRateLimit = app.rateLimiter.guard(
    [{ key: (r) => `order-ip|${r.ip}`, max: app.config.RATE_LIMIT_ORDER_MAX, windowMs: 60_000 }],
    'Muitas tentativas. Aguarde um minuto e tente novamente.',
  )

  function requireToken(orderId: string, token: string) {
    if (!isUuid(orderId) || !verifyOrderPageToken(app.config.APP_SECRET, orderId, token))
      throw new AppError(404, ORDER_PAGE_NOT_FOUND)
  }

  app.get(
    '/checkout/orders/:orderId/page',
    {
      schema: {
        tags: ['checkout'],
        summary: "The buyer's order page: items, totals, how to pay, status; only with the order's token",
        params,
        querystring: query,
        response: { 200: orderPageSchema },
      },
    },
    async (request, reply) => {
      requireToken(request.params.orderId, request.query.t)
      const page = await orderPage(deps, request.params.orderId)
      if (!page) throw new AppError(404, ORDER_PAGE_NOT_FOUND)
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      return orderPageJson(page)
    },
  )

  app.post(
    '/checkout/orders/:orderId/renew-pix',
    {
      schema: {
        tags: ['checkout'],
        summary: "'Gerar novo código': a new PIX for an order whose PIX expired; never two payable codes",
        params,
        querystring: query,
        response: { 200: orderPageSchema },
      },
      preHandler: renewRateLimit,
    },
    async (request, reply) => {
      requireToken(request.params.orderId, request.query.t)
      await renewOrderPix(deps, request.params.orderId)
      const page = await orderPage(deps, request.params.orderId)
      if (!page) throw new AppError(404, ORDER_PAGE_NOT_FOUND)
      reply.header('cache-control', 'no-store')
      return orderPageJson(page)
    },
  )
}
