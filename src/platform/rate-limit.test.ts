import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppError } from './errors'
import { RateLimiter } from './rate-limit'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

let redis: Redis
const prefix = `rl-test-${randomUUID()}`
beforeAll(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
})
afterEach(() => vi.useRealTimers())
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

const request = (ip: string) => ({ ip }) as FastifyRequest
const WINDOW = 60_000

/** Commands this client sends, by name (a defined script goes out as EVALSHA, or EVAL after a NOSCRIPT). */
function countCommands(client: Redis) {
  const sent: string[] = []
  const original = client.sendCommand.bind(client)
  vi.spyOn(client, 'sendCommand').mockImplementation((command, stream) => {
    sent.push(command.name)
    return original(command, stream)
  })
  return sent
}

/** The same checks against the Redis counters and the in-memory ones. */
describe.each([
  ['redis', () => new RateLimiter(redis, `${prefix}:${randomUUID()}`)],
  ['memory', () => new RateLimiter(undefined, `${prefix}:${randomUUID()}`)],
])('sliding window (%s)', (_name, make) => {
  it('lets `max` hits through per window and refuses the next', async () => {
    const limiter = make()
    const results: boolean[] = []
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', 3, WINDOW))
    expect(results).toEqual([true, true, true, false])
    expect(await limiter.hit('other', 3, WINDOW)).toBe(true)
  })

  it("counts the previous window's hits by how much of it is still within the last window", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const limiter = make()
    // Four hits at the very end of one window…
    vi.setSystemTime(Math.floor(Date.now() / WINDOW) * WINDOW + WINDOW - 1)
    for (let i = 0; i < 4; i++) expect(await limiter.hit('k', 4, WINDOW)).toBe(true)
    // …a quarter into the next one still weigh three: one more passes, a second does not.
    vi.setSystemTime(Math.floor(Date.now() / WINDOW) * WINDOW + WINDOW + WINDOW / 4)
    expect(await limiter.hit('k', 4, WINDOW)).toBe(true)
    expect(await limiter.hit('k', 4, WINDOW)).toBe(false)
  })

  it('guards with every rule, stops counting at the first exceeded one and answers 429', async () => {
    const limiter = make()
    const guard = limiter.guard(
      [
        { key: (r) => `ip|${r.ip}`, max: 1, windowMs: WINDOW },
        { key: () => 'all', max: 2, windowMs: WINDOW },
      ],
      'Muitas tentativas',
    )
    await guard(request('1.1.1.1'))
    const refused = await guard(request('1.1.1.1')).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ statusCode: 429, message: 'Muitas tentativas' })
    // The refused request did not count against the shared rule: another address still has one hit of it left.
    await guard(request('2.2.2.2'))
    await expect(guard(request('3.3.3.3'))).rejects.toMatchObject({ statusCode: 429 })
  })
})

describe('in Redis', () => {
  it('checks every rule of a guard in one command', async () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
    try {
      const limiter = new RateLimiter(client, `${prefix}:${randomUUID()}`)
      const guard = limiter.guard(
        [
          { key: (r) => `ip|${r.ip}`, max: 5, windowMs: WINDOW },
          { key: () => 'store', max: 50, windowMs: 10_000 },
          { key: () => 'all', max: 500, windowMs: 3_600_000 },
        ],
        'x',
      )
      await guard(request('1.1.1.1'))
      const sent = countCommands(client)
      await guard(request('1.1.1.1'))
      expect(sent).toEqual(['evalsha'])
    } finally {
      client.disconnect()
    }
  })

  it('is shared by every limiter on the same prefix (every api replica)', async () => {
    const shared = `${prefix}:${randomUUID()}`
    const a = new RateLimiter(redis, shared)
    const b = new RateLimiter(redis, shared)
    expect(await a.hit('k', 2, WINDOW)).toBe(true)
    expect(await b.hit('k', 2, WINDOW)).toBe(true)
    expect(await a.hit('k', 2, WINDOW)).toBe(false)
  })

  it('keeps counting in memory when Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    })
    try {
      const limiter = new RateLimiter(down, `${prefix}:${randomUUID()}`)
      const results: boolean[] = []
      for (let i = 0; i < 3; i++) results.push(await limiter.hit('k', 2, WINDOW))
      expect(results).toEqual([true, true, false])
    } finally {
      down.disconnect()
    }
  })
})
