import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DbOrTrx } from '../../platform/db'
import { AppError } from '../../platform/errors'
import { errorBody, optionalLimitOffsetQuery } from '../../platform/route-schemas'
import {
  BUYER_MSG,
  buyerLoginLinkSchema,
  buyerMeSchema,
  buyerOrdersSchema,
  buyerSessionSchema,
  librarySchema,
} from '../../shared/buyers'
import type { BuyerShipment } from '../../shared/fulfilment'
import { toReais } from '../../shared/money'
import { orderStatusLabel } from '../../shared/ordering'
import { buyerAreaSubscriptionSchema, subscriptionsService } from '../subscriptions'
import { merchantDownloadRoutes } from './merchant-routes'
import * as service from './service'

export const BUYER_COOKIE = 'buyer_session'
const HOUR = 3_600_000
const pageQuery = optionalLimitOffsetQuery({ maxLimit: 50 })

function readCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === BUYER_COOKIE) return v.join('=')
  }
  return undefined
}

/**
 * The buyer's session: an HttpOnly cookie of its own, scoped to /api/buyer (never a merchant token). Lax, so the
 * download link opened from the area carries it.
 */
function setCookie(reply: FastifyReply, value: string, maxAgeS: number, secure: boolean) {
  const attrs = [`${BUYER_COOKIE}=${value}`, 'Path=/api/buyer', `Max-Age=${maxAgeS}`, 'HttpOnly', 'SameSite=Lax']
  if (secure) attrs.push('Secure')
  reply.header('set-cookie', attrs.join('; '))
}

/** The shipment of each order by id (fulfilment's, handed in by the composition: fulfilment's e-mails reach buyers). */
export type ShipmentsOf = (db: DbOrTrx, orderIds: readonly string[]) => Promise<Map<string, BuyerShipment['shipment']>>

export const buyerRoutesWith = (shipmentsOf: ShipmentsOf) =>
  async function buyerRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    await app.register(merchantDownloadRoutes)
    const tags = ['buyer']
    const deps = (): service.BuyerDeps => ({ db: app.db, config: app.config, clock: app.clock, storage: app.storage })
    const secure = app.config.publicUrl.startsWith('https:')

    async function buyer(request: FastifyRequest): Promise<string> {
      const email = await service.sessionEmail(deps(), readCookie(request))
      if (!email) throw new AppError(401, BUYER_MSG.signIn)
      return email
    }

    app.post(
      '/buyer/login-link',
      {
        schema: {
          tags,
          body: buyerLoginLinkSchema,
          response: { 202: z.object({ message: z.string() }), 429: errorBody },
        },
      },
      async (request, reply) => {
        const { email } = request.body
        const over = await app.rateLimiter.firstExceeded([
          { key: `buyer-link:ip:${request.ip}`, max: 20, windowMs: HOUR },
          { key: `buyer-link:email:${email}`, max: 5, windowMs: HOUR },
        ])
        if (over >= 0) throw new AppError(429, BUYER_MSG.tooMany)
        await service.requestLoginLink(deps(), email)
        return reply.status(202).send({ message: BUYER_MSG.linkSent })
      },
    )

    app.post(
      '/buyer/session',
      { schema: { tags, body: buyerSessionSchema, response: { 200: buyerMeSchema, 400: errorBody } } },
      async (request, reply) => {
        const { email, session } = await service.redeemLoginLink(deps(), request.body.token)
        setCookie(reply, session, service.SESSION_TTL_MS / 1000, secure)
        return { email }
      },
    )

    app.get('/buyer/me', { schema: { tags, response: { 200: buyerMeSchema, 401: errorBody } } }, async (request) => ({
      email: await buyer(request),
    }))

    app.post('/buyer/logout', { schema: { tags, response: { 204: z.null() } } }, async (request, reply) => {
      await service.signOut(deps(), readCookie(request))
      setCookie(reply, '', 0, secure)
      return reply.status(204).send(null)
    })

    app.get(
      '/buyer/orders',
      { schema: { tags, querystring: pageQuery, response: { 200: buyerOrdersSchema, 401: errorBody } } },
      async (request) => {
        const email = await buyer(request)
        const page = { limit: request.query.limit ?? 20, offset: request.query.offset ?? 0 }
        const { orders, total, names } = await service.orders(deps(), email, page)
        const shipments = await shipmentsOf(
          app.db,
          orders.map((o) => o.id),
        )
        return {
          total,
          orders: orders.map((o) => ({
            id: o.id,
            storeName: names.get(o.storeId) ?? 'Loja',
            orderNumber: o.orderNumber,
            status: o.status,
            statusLabel: orderStatusLabel(o.status, { refunded: o.refundedCents }),
            total: toReais(o.totalCents),
            refunded: toReais(o.refundedCents),
            createdAt: o.createdAt.toISOString(),
            pageUrl: o.pageUrl,
            items: o.items,
            shipment: shipments.get(o.id) ?? null,
          })),
        }
      },
    )

    app.get(
      '/buyer/library',
      { schema: { tags, response: { 200: librarySchema, 401: errorBody } } },
      async (request) => {
        const email = await buyer(request)
        return { items: await service.library(deps(), email) }
      },
    )

    // Under /api/buyer, where the session cookie is sent; each item carries its subscription's self-service token.
    app.get(
      '/buyer/subscriptions',
      { schema: { tags, response: { 200: z.array(buyerAreaSubscriptionSchema), 401: errorBody } } },
      async (request, reply) => {
        const email = await buyer(request)
        reply.header('cache-control', 'no-store')
        return subscriptionsService.buyerSubscriptions(app.db, app.clock, app.config.APP_SECRET, email)
      },
    )

    app.get(
      '/buyer/files/:fileId/download',
      {
        schema: {
          tags,
          description: '302 to a link valid 5 minutes',
          params: z.object({ fileId: z.string() }),
          response: { 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const email = await buyer(request)
        const url = await service.downloadUrl(deps(), email, request.params.fileId)
        return reply.header('cache-control', 'no-store').redirect(url, 302)
      },
    )
  }
