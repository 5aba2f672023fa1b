/**
 * `/a/:code`: an affiliate link's visit. It records a click (address as an HMAC, user agent, UTMs) under the
 * browser's visitor id, keeps that id in a first-party cookie and sends the buyer to the product's checkout.
 * A forged or inactive code is 404 and sets no cookie.
 */
import { createHmac, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Clock } from '../../platform/clock'
import { deriveKey } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import { AFFILIATE_MESSAGES, AFFILIATE_VISITOR_COOKIE } from '../../shared/affiliates'
import { isUuid } from '../../shared/ids'
import { cleanTrackingValue, TRACKING_MAX, UTM_PARAMS } from '../../shared/tracking-rules'
import { catalogService } from '../catalog'
import * as repo from './repository'

// The window is enforced on the server from the click's time; the cookie only has to outlive the longest one.
const COOKIE_MAX_AGE_S = 3650 * 86_400

function visitorOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=')
    if (k === AFFILIATE_VISITOR_COOKIE && isUuid(v)) return v
  }
  return undefined
}

export function clickRoutes(clock: Clock) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>()
    const key = deriveKey(app.config.APP_SECRET, 'affiliate-click')
    const secure = app.config.publicUrl.startsWith('https:')

    app.get(
      '/a/:code',
      {
        schema: {
          tags: ['affiliates'],
          summary: "An affiliate link: records the click, sets the visitor cookie, 302 to the product's checkout",
          params: z.object({ code: z.string().max(64) }),
          querystring: z.record(z.string(), z.unknown()),
        },
      },
      async (request, reply) => {
        const affiliation = await repo.findAffiliationByCode(app.db, request.params.code)
        if (affiliation?.status !== 'ACTIVE') throw new AppError(404, AFFILIATE_MESSAGES.linkNotFound)
        const product = await catalogService.findProduct(app.db, affiliation.store_id, affiliation.product_id)
        if (!product) throw new AppError(404, AFFILIATE_MESSAGES.linkNotFound)
        const visitorId = visitorOf(request) ?? randomUUID()
        const utm: Record<string, string> = {}
        for (const k of UTM_PARAMS) {
          const v = cleanTrackingValue(request.query[k], TRACKING_MAX.utm)
          if (v) utm[k] = v
        }
        await repo.insertClick(app.db, {
          affiliationId: affiliation.id,
          productId: affiliation.product_id,
          visitorId,
          ipHash: createHmac('sha256', key).update(request.ip).digest('base64url'),
          userAgent: cleanTrackingValue(request.headers['user-agent'], 500) ?? null,
          utm,
          at: clock.now(),
        })
        const attrs = [
          `${AFFILIATE_VISITOR_COOKIE}=${visitorId}`,
          'Path=/',
          `Max-Age=${COOKIE_MAX_AGE_S}`,
          'SameSite=Lax',
        ]
        if (secure) attrs.push('Secure')
        const base = product.type === 'DIGITAL' ? '/digital-checkout' : '/checkout'
        const query = new URLSearchParams(utm).toString()
        return reply
          .header('set-cookie', attrs.join('; '))
          .header('cache-control', 'no-store')
          .redirect(`${base}/${product.storeId}/${product.id}${query ? `?${query}` : ''}`, 302)
      },
    )
  }
}
