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
 *
 * `rememberOwnerMs` is for a read its owner repeats in a loop (a dashboard reloaded): an owner's access to a store is
 * remembered that long, so a repeat costs no database round trip. That is as safe as asking each time because a store
 * never changes owner and is deleted only with its owner's account (on delete cascade), and the account itself is
 * still checked on every request by authenticate (re-read every 2 s, forgotten at once when this process changes
 * it): a deleted or suspended owner stops at 401. Only owners are remembered; everyone else (ADMIN included) is asked
 * of the database every time. The remembered row may be that old, so such a route must use only request.store's id.
 * A future route that deletes a store or hands it to another owner must first make these pairs forgettable.
 */
export function requireStoreOwner(app: FastifyInstance, opts: { rememberOwnerMs?: number } = {}): PreHandler {
  const rememberMs = opts.rememberOwnerMs ?? 0
  const owned = new Map<string, { at: number; store: StoreRow }>()
  return markGuard(async (request, reply) => {
    await app.authenticate(request, reply)
    const storeId = storeIdOf(request)
    if (storeId === undefined || storeId === '') throw new AppError(400, 'ID da loja é obrigatório')
    if (!isUuid(storeId)) throw new AppError(404, STORE_NOT_FOUND)
    const user = request.user
    const key = `${user.id}|${storeId}`
    const hit = rememberMs > 0 ? owned.get(key) : undefined
    if (hit && Date.now() - hit.at < rememberMs) {
      request.store = hit.store
      return
    }
    const store = await findStoreById(app.db, storeId)
    const allowed = store && (store.user_id === user.id || (user.role === 'ADMIN' && request.method === 'GET'))
    if (!allowed) throw new AppError(404, STORE_NOT_FOUND)
    if (rememberMs > 0 && store.user_id === user.id) {
      if (owned.size >= 10_000) owned.clear()
      owned.set(key, { at: Date.now(), store })
    }
    request.store = store
  })
}
