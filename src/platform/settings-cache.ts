import type { FastifyBaseLogger } from 'fastify'
import type { DbHandle } from './db'
import { PUBLIC_CONFIG_CHANNEL, PUBLIC_CONFIG_TTL_MS } from './public-config-cache'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The api's reads behind every order of a store (its product and payment setup: ordering's price-order.ts), kept
     * like the handlers' settings below and emptied with the public configuration (platform/public-config-cache.ts).
     */
    checkoutReads: SettingsCache
  }
}

/**
 * Per-store settings the job handlers read on every order (a store's look and e-mail settings for each message), kept
 * across jobs. They change only when a merchant saves, so a store in a sales rush costs one read of each per change,
 * not three per e-mail. Dropped whenever PostgreSQL says any of them changed (the public configuration's channel, fed
 * by triggers on every table they are made of: migrations 0097 and 0355), and at most PUBLIC_CONFIG_TTL_MS old should
 * a notification be lost (the listener reconnecting). Bounded: the oldest keys go first.
 */
export class SettingsCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>()

  constructor(
    private ttlMs = PUBLIC_CONFIG_TTL_MS,
    private max = 10_000,
  ) {}

  /** The value of `key`, loaded once per change. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>
    if (hit) this.entries.delete(key)
    const value = load()
    this.entries.set(key, { at: now, value })
    // A failed read is not remembered: the next caller reads again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key))
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string)
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}

/** Reads through `cache` when there is one (job handlers), straight from the database otherwise (routes, tests). */
export const throughCache = <T>(cache: SettingsCache | undefined, key: string, load: () => Promise<T>): Promise<T> =>
  cache ? cache.get(key, load) : load()

/**
 * Empties `cache` on every change notification; returns how to stop listening. A process that cannot listen keeps the
 * cache with its TTL alone (a change shows up to PUBLIC_CONFIG_TTL_MS late).
 */
export async function followChanges(
  cache: SettingsCache,
  dbHandle: Pick<DbHandle, 'listen'>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  try {
    return await dbHandle.listen(PUBLIC_CONFIG_CHANNEL, () => cache.clear())
  } catch (err) {
    log.warn({ err }, 'settings cache cannot listen; settings may be up to the TTL old')
    return async () => undefined
  }
}
