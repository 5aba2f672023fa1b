import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { isUuid } from '../../shared/ids'
import {
  digitalOrderPayloadSchema,
  orderPayloadSchema,
  orderResultSchema,
  orderStatusResponseSchema,
} from '../../shared/ordering'
import { quoteRequestSchema, quoteSchema } from '../../shared/quote'
import type { PaymentsModuleDeps } from '../payments'
import { verifyDownloadToken } from './access'
import { orderingDeps } from './deps'
import { placeOrderOnce } from './idempotency'
import { verifyOrderPageToken } from './order-page'
import { orderPageRoutes } from './order-page-routes'
import { ordersRoutes } from './orders-routes'
import { placeOrder } from './place-order'
import { quoteOrder } from './quote'
import { refundRoutes } from './refund-routes'
import { salesRoutes } from './sales-routes'
import * as service from './service'

export const TOO_MANY_ORDERS = 'Muitas tentativas de pedido. Aguarde um minuto e tente novamente.'
const DOWNLOAD_UNAVAILABLE = 'Link de acesso inválido ou expirado. Volte à página do pedido para gerar um novo.'

export async function orderingRoutes(fastify: FastifyInstance, moduleDeps: PaymentsModuleDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const deps = orderingDeps(app, moduleDeps)
  const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough()
  const orderRateLimit = app.rateLimiter.guard(
    [{ key: (r) => `order-ip|${r.ip}`, max: app.config.RATE_LIMIT_ORDER_MAX, windowMs: 60_000 }],
    TOO_MANY_ORDERS,
  )

  app.post(
    '/checkout/create-order',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Creates a physical order (priced on the server) and its charge',
        headers: idempotencyHeader,
        body: orderPayloadSchema,
        response: { 200: orderResultSchema },
      },
      preHandler: orderRateLimit,
    },
    async (request, reply) =>
      placeOrderOnce(deps, 'create-order', request, reply, (claim) =>
        placeOrder(
          deps,
          { kind: 'PHYSICAL', payload: request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
          claim,
        ),
      ),
  )

  app.post(
    '/checkout/create-digital-order',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Creates a digital order (priced on the server) and its charge',
        headers: idempotencyHeader,
        body: digitalOrderPayloadSchema,
        response: { 200: orderResultSchema },
      },
      preHandler: orderRateLimit,
    },
    async (request, reply) =>
      placeOrderOnce(deps, 'create-digital-order', request, reply, (claim) =>
        placeOrder(
          deps,
          { kind: 'DIGITAL', payload: request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
          claim,
        ),
      ),
  )

  app.post(
    '/checkout/quote',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "The payment step's figures: coupon, method discounts and installment plans, priced as the order will be",
        body: quoteRequestSchema,
        response: { 200: quoteSchema },
      },
      preHandler: app.rateLimit({ max: 120, timeWindow: 60_000 }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return quoteOrder(app.db, request.body)
    },
  )

  app.get(
    '/checkout/order-status/:orderId',
    {
      schema: {
        tags: ['checkout'],
        params: z.object({ orderId: z.string() }),
        querystring: z.object({
          t: z.string().max(200).optional().describe("The order page's token: adds the paid order's accesses"),
        }),
        response: { 200: orderStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params
      const t = request.query.t
      const withAccess = Boolean(t && isUuid(orderId) && verifyOrderPageToken(app.config.APP_SECRET, orderId, t))
      const status = await service.orderStatus(app.db, app.config.APP_SECRET, orderId, { withAccess })
      if (!status) throw new AppError(404, service.ORDER_NOT_FOUND)
      reply.header('cache-control', 'no-store')
      return status
    },
  )

  app.get(
    '/checkout/orders/:orderId/download',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Redirects a paid digital order to its file (signed, expiring link)',
        params: z.object({ orderId: z.string() }),
        querystring: z.object({
          token: z.string().default(''),
          item: z.string().max(100).optional().describe('An order-bump line of the order (its digital product)'),
        }),
      },
    },
    async (request, reply) => {
      const { orderId } = request.params
      if (!verifyDownloadToken(app.config.APP_SECRET, orderId, request.query.token))
        throw new AppError(403, DOWNLOAD_UNAVAILABLE)
      const url = await service.digitalFileUrl(app.db, orderId, request.query.item)
      if (!url) throw new AppError(404, 'Arquivo digital indisponível. Entre em contato com a loja.')
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302)
    },
  )

  await ordersRoutes(fastify)
  await salesRoutes(fastify)
  await refundRoutes(fastify, moduleDeps)
  await orderPageRoutes(fastify, moduleDeps)
}
