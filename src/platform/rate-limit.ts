import type { FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from './errors'

/** Fixed-window counters: in Redis when there is one (shared by every api replica), in memory otherwise. */
export class RateLimiter {
  private memory = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private redis: Redis | undefined,
    private prefix: string,
  ) {}

  /** Counts one hit on `key`; false once more than `max` hits fell in the current window. */
  async hit(key: string, max: number, windowMs: number): Promise<boolean> {
    const window = Math.floor(Date.now() / windowMs)
    const fullKey = `${this.prefix}:${key}:${window}`
    if (this.redis) {
      try {
        const [[, count]] = (await this.redis.multi().incr(fullKey).pexpire(fullKey, windowMs).exec()) as [
          [null, number],
        ]
        return count <= max
      } catch {
        // Redis unreachable: fall back to this process's counters rather than refusing every login.
      }
    }
    const now = Date.now()
    const entry = this.memory.get(fullKey)
    if (!entry || entry.resetAt <= now) {
      if (this.memory.size > 50_000) this.sweep(now)
      this.memory.set(fullKey, { count: 1, resetAt: now + windowMs })
      return 1 <= max
    }
    entry.count++
    return entry.count <= max
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
