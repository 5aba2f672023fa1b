import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { DbHandle } from './db'

declare module 'fastify' {
  interface FastifyInstance {
    publicConfig: PublicConfigCache
  }
}

/** Raised by the triggers of migrations/0097 after any change to what the public reads are made of. */
export const PUBLIC_CONFIG_CHANNEL = 'public_config_changed'

/** What a lost notification (the listener reconnecting) can cost at most: this long of an old answer. */
export const PUBLIC_CONFIG_TTL_MS = 5_000

/** An answer as sent: its JSON text and the ETag of that text. */
export interface CachedAnswer {
  json: string
  etag: string
}

export function cachedAnswer(body: unknown): CachedAnswer {
  const json = JSON.stringify(body)
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` }
}

/**
 * The buyer's public configuration reads (checkout look, shipping options, payment methods, pixel) kept in memory as the
 * text they are sent as. They are read on every checkout page by every buyer and change only when a merchant saves,
 * so a store in a sales rush costs one query per change, not one per buyer. Every process drops them all when
 * PostgreSQL says any of it changed (LISTEN, fed by triggers, so no save path can forget to tell), and this process
 * drops them at once after any change a logged-in user makes through it, so a merchant who saves and opens the
 * checkout sees the change even before the notification lands. Bounded: the oldest keys go first.
 */
export class PublicConfigCache {
  private entries = new Map<string, { at: number; answer: Promise<CachedAnswer | undefined> }>()

  constructor(
    private ttlMs = PUBLIC_CONFIG_TTL_MS,
    private max = 10_000,
  ) {}

  /** The answer for `key`, loaded once per change; `load` gives undefined for what does not exist (a 404). */
  answer(key: string, load: () => Promise<unknown | undefined>): Promise<CachedAnswer | undefined> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && now - hit.at < this.ttlMs) return hit.answer
    if (hit) this.entries.delete(key)
    const answer = load().then((body) => (body === undefined ? undefined : cachedAnswer(body)))
    this.entries.set(key, { at: now, answer })
    // A failed read is not remembered: the next request reads again.
    answer.catch(() => this.entries.get(key)?.answer === answer && this.entries.delete(key))
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string)
    return answer
  }

  clear(): void {
    this.entries.clear()
  }
}

/**
 * The app's cache, emptied by the database's notifications and by this process's own logged-in writes; `alongside`:
 * other caches of what the same notifications announce (the checkout's product reads), emptied with it.
 */
export async function registerPublicConfigCache(
  app: FastifyInstance,
  dbHandle: Pick<DbHandle, 'listen'>,
  alongside: { clear(): void }[] = [],
) {
  const cache = new PublicConfigCache()
  app.decorate('publicConfig', cache)
  const clearAll = () => {
    cache.clear()
    for (const other of alongside) other.clear()
  }
  try {
    const unlisten = await dbHandle.listen(PUBLIC_CONFIG_CHANNEL, clearAll)
    app.addHook('onClose', () => unlisten())
  } catch (err) {
    app.log.warn({ err }, 'public configuration cache cannot listen; answers may be up to the TTL old')
  }
  // Buyers (placing orders) never log in; merchants' and admins' writes are rare, and any of them may be a save.
  // Emptied before the answer leaves: the merchant who saved and then opens the checkout (or orders) sees the change.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.user && reply.statusCode < 400) clearAll()
  })
}
