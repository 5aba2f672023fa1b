import type { FastifyInstance, FastifyRequest } from 'fastify'
import { markGuard, type PreHandler } from '../../platform/auth'
import { AppError } from '../../platform/errors'
import { findStoreById, type StoreRow } from './repository'

declare module 'fastify' {
  interface FastifyRequest {
    /** The store named by the route, loaded and checked by requireStoreOwner. */
    store?: StoreRow
  }
}

export const STORE_NOT_FOUND = 'Loja não encontrada'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** The storeId a request names, in its path or its query string. */
export function storeIdOf(request: FastifyRequest): unknown {
  return (request.params as { storeId?: unknown })?.storeId ?? (request.query as { storeId?: unknown })?.storeId
}

/**
 * Authenticates and requires that the caller owns the store named by the request (ADMIN may read any).
 * A foreign or unknown id is 404, so nobody learns which ids exist.
 */
export function requireStoreOwner(app: FastifyInstance): PreHandler {
  return markGuard(async (request, reply) => {
    await app.authenticate(request, reply)
    const storeId = storeIdOf(request)
    if (storeId === undefined || storeId === '') throw new AppError(400, 'ID da loja é obrigatório')
    if (!isUuid(storeId)) throw new AppError(404, STORE_NOT_FOUND)
    const store = await findStoreById(app.db, storeId)
    const user = request.user
    const allowed = store && (store.user_id === user.id || (user.role === 'ADMIN' && request.method === 'GET'))
    if (!allowed) throw new AppError(404, STORE_NOT_FOUND)
    request.store = store
  })
}
