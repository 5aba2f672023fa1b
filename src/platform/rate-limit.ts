import type { FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from './errors'

export interface RateRule {
  key: string
  max: number
  windowMs: number
}

/**
 * Every rule of a guard in one script, so a guarded request costs one Redis round trip and one command whatever the
 * number of rules (a MULTI per rule was five commands each). Rules are taken in order and the script stops at the
 * first exceeded one, as the guard would: a refused request does not count against the rules after it.
 * KEYS: current and previous window of each rule; ARGV: ttl, max and the previous window's weight of each rule.
 * Returns the 1-based index of the exceeded rule, 0 when all pass.
 */
const SLIDING_WINDOW_LUA = `
for i = 1, #KEYS / 2 do
  local current = KEYS[2 * i - 1]
  local count = redis.call('INCR', current)
  redis.call('PEXPIRE', current, ARGV[3 * i - 2])
  local previous = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  if count + previous * tonumber(ARGV[3 * i]) > tonumber(ARGV[3 * i - 1]) then return i end
end
return 0
`

type ScriptedRedis = Redis & { slidingWindowHits(...keysAndArgs: (string | number)[]): Promise<number> }

/**
 * Sliding-window counters (the current minute's hits plus the previous minute's, weighted by how much of it still
 * lies within the last minute): no burst of twice the budget across a minute boundary. In Redis when there is one
 * (shared by every api replica), in memory otherwise.
 */
export class RateLimiter {
  private memory = new Map<string, { count: number; resetAt: number }>()
  private redis: ScriptedRedis | undefined

  constructor(
    redis: Redis | undefined,
    private prefix: string,
  ) {
    if (redis) {
      // ioredis sends it as EVALSHA and loads it on the first NOSCRIPT (a restarted or flushed Redis).
      redis.defineCommand('slidingWindowHits', { lua: SLIDING_WINDOW_LUA })
      this.redis = redis as ScriptedRedis
    }
  }

  /** Counts one hit on `key`; false once more than `max` hits fell in the last `windowMs`. */
  async hit(key: string, max: number, windowMs: number): Promise<boolean> {
    return (await this.firstExceeded([{ key, max, windowMs }])) === -1
  }

  /**
   * Counts one hit on each rule in order, up to the first one over its budget (whose index is returned; -1 when
   * none is). Later rules are not counted once one refused the request.
   */
  async firstExceeded(rules: RateRule[]): Promise<number> {
    const now = Date.now()
    const windows = rules.map((rule) => {
      const window = Math.floor(now / rule.windowMs)
      return {
        current: `${this.prefix}:${rule.key}:${window}`,
        previous: `${this.prefix}:${rule.key}:${window - 1}`,
        previousWeight: 1 - (now - window * rule.windowMs) / rule.windowMs,
      }
    })
    if (this.redis) {
      try {
        const keys = windows.flatMap((w) => [w.current, w.previous])
        const args = rules.flatMap((rule, i) => [2 * rule.windowMs, rule.max, windows[i].previousWeight])
        return (await this.redis.slidingWindowHits(keys.length, ...keys, ...args)) - 1
      } catch {
        // Redis unreachable: fall back to this process's counters rather than refusing every login.
      }
    }
    for (let i = 0; i < rules.length; i++) {
      const { current, previous, previousWeight } = windows[i]
      const count = this.bump(current, now, 2 * rules[i].windowMs)
      const before = this.memory.get(previous)
      if (count + (before && before.resetAt > now ? before.count : 0) * previousWeight > rules[i].max) return i
    }
    return -1
  }

  /**
   * Whether any rule has already used its budget, counting nothing: with `firstExceeded` afterwards for the requests
   * that should count (a login counts its failures only, not the owner's successes).
   */
  async anyExhausted(rules: RateRule[]): Promise<boolean> {
    const now = Date.now()
    const windows = rules.map((rule) => {
      const window = Math.floor(now / rule.windowMs)
      return {
        keys: [`${this.prefix}:${rule.key}:${window}`, `${this.prefix}:${rule.key}:${window - 1}`],
        previousWeight: 1 - (now - window * rule.windowMs) / rule.windowMs,
      }
    })
    let counts: number[] | undefined
    if (this.redis) {
      try {
        counts = (await this.redis.mget(windows.flatMap((w) => w.keys))).map((v) => Number(v ?? 0))
      } catch {
        // Redis unreachable: this process's counters, as firstExceeded does.
      }
    }
    counts ??= windows.flatMap((w) =>
      w.keys.map((k) => {
        const entry = this.memory.get(k)
        return entry && entry.resetAt > now ? entry.count : 0
      }),
    )
    // The same test firstExceeded makes, for one more hit: would it go over the budget?
    return rules.some((rule, i) => counts[2 * i] + 1 + counts[2 * i + 1] * windows[i].previousWeight > rule.max)
  }

  private bump(key: string, now: number, ttlMs: number): number {
    const entry = this.memory.get(key)
    if (!entry || entry.resetAt <= now) {
      if (this.memory.size > 50_000) this.sweep(now)
      this.memory.set(key, { count: 1, resetAt: now + ttlMs })
      return 1
    }
    return ++entry.count
  }

  private sweep(now: number) {
    for (const [k, v] of this.memory) if (v.resetAt <= now) this.memory.delete(k)
  }

  /** A preHandler that enforces every rule (one Redis round trip for all); an exceeded one answers 429 with `message`. */
  guard(rules: { key: (r: FastifyRequest) => string; max: number; windowMs: number }[], message: string) {
    return async (request: FastifyRequest) => {
      const hits = rules.map((rule) => ({ key: rule.key(request), max: rule.max, windowMs: rule.windowMs }))
      if ((await this.firstExceeded(hits)) !== -1) throw new AppError(429, message)
    }
  }
}
