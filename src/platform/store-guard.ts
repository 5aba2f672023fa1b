import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isUuid } from '../shared/ids'
import { markGuard, type PreHandler } from './auth'
import { AppError } from './errors'

/** What a store-scoped route knows of its store: which one, and whose. Anything else is read from its module. */
export interface StoreAccess {
  id: string
  userId: string
}

export interface StoreGuardOptions {
  /** The store's owner, or undefined when no store has this id (composition hands in the stores module's read). */
  lookupStore(id: string): Promise<StoreAccess | undefined>
}

// Private to this file: modules ask the guard, never the lookup behind it.
const LOOKUP: unique symbol = Symbol('lookupStore')

declare module 'fastify' {
  interface FastifyRequest {
    /** The store named by the route, checked by requireStoreOwner. */
    store?: StoreAccess
  }
  interface FastifyInstance {
    [LOOKUP]: StoreGuardOptions['lookupStore']
  }
}

export const STORE_NOT_FOUND = 'Loja não encontrada'

export const storeGuardPlugin = fp<StoreGuardOptions>(
  async (app, opts) => {
    app.decorate(LOOKUP, opts.lookupStore)
  },
  { name: 'store-guard', dependencies: ['auth'] },
)

/** The storeId a request names, in its path or its query string. */
function storeIdOf(request: FastifyRequest): unknown {
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
 * of the database every time. A future route that deletes a store or hands it to another owner must first make these
 * pairs forgettable.
 */
export function requireStoreOwner(app: FastifyInstance, opts: { rememberOwnerMs?: number } = {}): PreHandler {
  const rememberMs = opts.rememberOwnerMs ?? 0
  const owned = new Map<string, number>()
  return markGuard(async (request, reply) => {
    await app.authenticate(request, reply)
    const storeId = storeIdOf(request)
    if (storeId === undefined || storeId === '') throw new AppError(400, 'ID da loja é obrigatório')
    if (!isUuid(storeId)) throw new AppError(404, STORE_NOT_FOUND)
    const user = request.user
    const key = `${user.id}|${storeId}`
    const at = rememberMs > 0 ? owned.get(key) : undefined
    if (at !== undefined && Date.now() - at < rememberMs) {
      request.store = { id: storeId, userId: user.id }
      return
    }
    const store = await app[LOOKUP](storeId)
    const allowed = store && (store.userId === user.id || (user.role === 'ADMIN' && request.method === 'GET'))
    if (!allowed) throw new AppError(404, STORE_NOT_FOUND)
    if (rememberMs > 0 && store.userId === user.id) {
      if (owned.size >= 10_000) owned.clear()
      owned.set(key, Date.now())
    }
    request.store = { id: store.id, userId: store.userId }
  })
}
