/**
 * Health and metrics endpoints. Live: the process answers. Ready: PostgreSQL and Redis answer and the process is not
 * draining (a SIGTERM turns it 503 at once, so a load balancer stops sending before the listener closes).
 * The api serves them under /api/health/*; the worker serves the same on its own small port (WORKER_HEALTH_PORT).
 */

import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Db } from './db'
import type { Metrics } from './metrics'

/** Shared by the entry point (which flips it on SIGTERM) and the readiness check. */
export class Lifecycle {
  draining = false
}

/** A dependency that does not answer within this long counts as down: a readiness probe must answer quickly. */
const CHECK_TIMEOUT_MS = 1500

export interface ReadinessDeps {
  db: Db
  /** Absent in embedded mode (no Redis at all). */
  redis?: Pick<Redis, 'ping'>
  lifecycle: Lifecycle
}

export interface Readiness {
  ready: boolean
  draining: boolean
  database: 'ok' | 'down'
  redis: 'ok' | 'down' | 'unused'
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    withTimeout(sql`select 1`.execute(deps.db)).then(
      () => 'ok' as const,
      () => 'down' as const,
    ),
    deps.redis
      ? withTimeout(deps.redis.ping()).then(
          () => 'ok' as const,
          () => 'down' as const,
        )
      : Promise.resolve('unused' as const),
  ])
  const draining = deps.lifecycle.draining
  return { ready: !draining && database === 'ok' && redis !== 'down', draining, database, redis }
}

/** The token check for /metrics: open when no token is configured (development), Bearer token otherwise. */
export function metricsAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return true
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '')
  const want = Buffer.from(token)
  return given.length === want.length && timingSafeEqual(given, want)
}

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: ReadinessDeps & { metrics: Metrics; metricsToken?: string; metricsOpen: boolean },
) {
  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  app.get('/api/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    const r = await readiness(deps)
    return reply.status(r.ready ? 200 : 503).send({ status: r.ready ? 'ok' : 'unavailable', ...r })
  })
  app.get('/metrics', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    // In production /metrics needs METRICS_TOKEN (or is not served at all): it is not for the public.
    if (!deps.metricsOpen && !deps.metricsToken)
      return reply.status(404).send({ statusCode: 404, message: 'Não encontrado' })
    if (!metricsAllowed(req.headers.authorization, deps.metricsToken))
      return reply.status(401).send({ statusCode: 401, message: 'Token de métricas inválido' })
    return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics())
  })
}

/**
 * The worker's own small HTTP port: /health/live, /health/ready and /metrics (token-checked like the api's), so
 * several workers on one host each get a port (WORKER_HEALTH_PORT) and compose can health-check them.
 */
export async function startHealthServer(
  port: number,
  host: string,
  deps: ReadinessDeps & { metrics: Metrics; metricsToken?: string },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const url = (req.url ?? '/').split('?')[0]
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    try {
      if (url === '/health/live' || url === '/api/health/live') return json(200, { status: 'ok' })
      if (url === '/health/ready' || url === '/api/health/ready') {
        const r = await readiness(deps)
        return json(r.ready ? 200 : 503, { status: r.ready ? 'ok' : 'unavailable', ...r })
      }
      if (url === '/metrics') {
        if (!metricsAllowed(req.headers.authorization, deps.metricsToken))
          return json(401, { statusCode: 401, message: 'Token de métricas inválido' })
        const body = await deps.metrics.registry.metrics()
        return res.writeHead(200, { 'content-type': deps.metrics.registry.contentType }).end(body)
      }
      return json(404, { statusCode: 404, message: 'Não encontrado' })
    } catch {
      return json(500, { statusCode: 500, message: 'Ocorreu um erro inesperado' })
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
