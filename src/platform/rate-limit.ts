import type { FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from './errors'

/**
 * Sliding-window counters (the current minute's hits plus the previous minute's, weighted by how much of it still
 * lies within the last minute): no burst of twice the budget across a minute boundary. In Redis when there is one
 * (shared by every api replica), in memory otherwise.
 */
export class RateLimiter {
  private memory = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private redis: Redis | undefined,
    private prefix: string,
  ) {}

  /** Counts one hit on `key`; false once more than `max` hits fell in the last `windowMs`. */
  async hit(key: string, max: number, windowMs: number): Promise<boolean> {
    const now = Date.now()
    const window = Math.floor(now / windowMs)
    const previousWeight = 1 - (now - window * windowMs) / windowMs
    const current = `${this.prefix}:${key}:${window}`
    const previous = `${this.prefix}:${key}:${window - 1}`
    if (this.redis) {
      try {
        const res = (await this.redis
          .multi()
          .incr(current)
          .pexpire(current, 2 * windowMs)
          .get(previous)
          .exec()) as [[null, number], [null, number], [null, string | null]]
        return res[0][1] + Number(res[2][1] ?? 0) * previousWeight <= max
      } catch {
        // Redis unreachable: fall back to this process's counters rather than refusing every login.
      }
    }
    const count = this.bump(current, now, 2 * windowMs)
    const before = this.memory.get(previous)
    return count + (before && before.resetAt > now ? before.count : 0) * previousWeight <= max
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

  /** A preHandler that enforces every rule; the first exceeded one answers 429 with `message`. */
  guard(rules: { key: (r: FastifyRequest) => string; max: number; windowMs: number }[], message: string) {
    return async (request: FastifyRequest) => {
      for (const rule of rules) {
        if (!(await this.hit(rule.key(request), rule.max, rule.windowMs))) throw new AppError(429, message)
      }
    }
  }
}
