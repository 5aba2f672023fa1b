import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { storeParams } from '../../platform/route-schemas'
import { requireStoreOwner } from '../../platform/store-guard'
import {
  ADMIN_DASHBOARD_PERIODS,
  type AdminDashboard,
  adminDashboardSchema,
  STORE_DASHBOARD_PERIODS,
  type StoreDashboard,
  storeDashboardSchema,
} from '../../shared/ordering'
import { orderFiltersSchema, orderSummarySchema } from '../../shared/orders-list'
import { adminDashboard, storeDashboard } from './dashboard'
import { microCache } from './micro-cache'
import { ordersSummary } from './orders-summary'
import { openReportingDb } from './pool'
import type { Db } from './tables'

/** How long a dashboard answer is reused for the same store and period (see micro-cache.ts). */
export const DASHBOARD_CACHE_MS = 2_000

export const DASHBOARD_BUSY = 'Dashboard indisponível no momento. Tente novamente em instantes.'

/** A JSON text of T, made by its route's own response serializer: it was checked against the response schema. */
type JsonOf<T> = string & { readonly jsonOf: T }

function serialize<T extends { [key: string]: unknown }>(reply: FastifyReply, value: T): JsonOf<T> {
  const toJson = reply.getSerializationFunction('200')
  if (!toJson) throw new Error(`${reply.request.routeOptions.url} declares no 200 response schema`)
  return toJson(value) as JsonOf<T>
}

/**
 * Sends a cached answer as the text it was serialized to: a reload reruns neither the schema check nor
 * JSON.stringify, and the client gets the same bytes and headers as from the serializer.
 */
function sendJson<T>(reply: FastifyReply, json: JsonOf<T>) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json)
}

/** A report cut off by the statement timeout answers 503, not a 500. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    if ((err as { code?: string }).code === '57014') throw new AppError(503, DASHBOARD_BUSY)
    throw err
  }
}

export async function reportingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const reporting = openReportingDb(app.config, app.db)
  app.addHook('onClose', () => reporting.close())
  const db: Db = reporting.db
  // Ownership is checked by each route's guard before the cache is asked.
  const storeDashboards = microCache<JsonOf<StoreDashboard>>(DASHBOARD_CACHE_MS)
  const adminDashboards = microCache<JsonOf<AdminDashboard>>(DASHBOARD_CACHE_MS)

  app.get(
    '/stores/:storeId/dashboard',
    {
      schema: {
        tags: ['orders'],
        params: storeParams,
        querystring: z.object({
          period: z.enum(STORE_DASHBOARD_PERIODS, { error: 'Período inválido' }).default('30days'),
        }),
        response: { 200: storeDashboardSchema },
      },
      // Checkout goes first (http-priority.ts); a reload inside the cache window costs no database trip.
      config: { background: true },
      preHandler: requireStoreOwner(fastify, { rememberOwnerMs: DASHBOARD_CACHE_MS }),
    },
    async (request, reply) => {
      const { id } = request.store!
      const { period } = request.query
      const json = await storeDashboards(`${id}|${period}`, async () =>
        serialize(reply, await guarded(() => storeDashboard(db, id, period))),
      )
      return sendJson(reply, json)
    },
  )

  app.get(
    '/stores/:storeId/orders/summary',
    {
      schema: {
        tags: ['orders'],
        summary: 'The orders page cards (total, paid revenue, pending, processing) for the same filters as the list',
        params: storeParams,
        querystring: orderFiltersSchema,
        response: { 200: orderSummarySchema },
      },
      preHandler: requireStoreOwner(fastify),
    },
    async (request) => guarded(() => ordersSummary(db, request.store!.id, request.query)),
  )

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        querystring: z.object({
          period: z.enum(ADMIN_DASHBOARD_PERIODS, { error: 'Período inválido' }).default('30days'),
        }),
        response: { 200: adminDashboardSchema },
      },
      config: { background: true },
      preHandler: app.requireRole('ADMIN'),
    },
    async (request, reply) => {
      const { period } = request.query
      const json = await adminDashboards(period, async () =>
        serialize(reply, await guarded(() => adminDashboard(db, period))),
      )
      return sendJson(reply, json)
    },
  )
}
