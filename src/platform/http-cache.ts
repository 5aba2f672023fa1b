import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedAnswer } from './public-config-cache'
import { RateLimiter } from './rate-limit'

/**
 * Public configuration (checkout look, shipping options, payment methods) changes only when the merchant saves:
 * answers carry an ETag and `no-cache`, so a browser or CDN keeps the body and revalidates with If-None-Match, and an
 * unchanged configuration costs a 304 without a body. `no-cache` rather than a max-age: a merchant who saves and
 * opens the checkout must see the change at once.
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding')
  const match = request.headers['if-none-match']
  if (match?.split(',').some((t) => t.trim() === answer.etag || t.trim() === '*')) return reply.code(304).send()
  // The text was made by typed code from the route's own shapes (a string skips the response serialiser).
  return reply.type('application/json; charset=utf-8').send(answer.json)
}

export const PUBLIC_READS_TOO_MANY = 'Muitas requisições. Aguarde um minuto e tente novamente.'

/**
 * Per-process limit for the public reads: counting them in Redis would add a round trip to every cached read. With
 * several replicas an address gets `max` per replica, which still stops a scraper hammering one store.
 */
export function publicReadLimit(max = 120) {
  const limiter = new RateLimiter(undefined, 'public-read')
  return limiter.guard([{ key: (r) => r.ip, max, windowMs: 60_000 }], PUBLIC_READS_TOO_MANY)
}
