import type { AddressInfo } from 'node:net'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_REDIS, type TestApp, waitFor } from '../testing/test-app'

const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

/** A TCP relay to the test Redis that the test can cut and restore: Redis "down" without stopping the real one. */
async function redisRelay() {
  const target = new URL(TEST_REDIS)
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('close', () => sockets.delete(s))
        s.on('error', () => undefined)
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  }
  await open()
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
    },
    restore: open,
  }
}

const ready = (t: TestApp) => t.app.inject({ url: '/api/health/ready' })

describe('health', () => {
  it('is live and ready with PostgreSQL and Redis up; not ready while draining, and says connection: close', async () => {
    const t = await createTestApp()
    cleanup.push(() => t.close())
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200)
    const ok = await ready(t)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ ready: true, database: 'ok', redis: 'ok', draining: false })
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200)

    t.runtime.lifecycle.draining = true
    const draining = await ready(t)
    expect(draining.statusCode).toBe(503)
    expect(draining.json()).toMatchObject({ ready: false, draining: true, database: 'ok' })
    expect(draining.headers.connection).toBe('close')
    // Still alive and still serving what reaches it: the drain only turns the balancer away.
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200)
    t.runtime.lifecycle.draining = false
  })

  it('is not ready while Redis is down, and ready again once it is back', async () => {
    const relay = await redisRelay()
    const t = await createTestApp({ env: { REDIS_URL: relay.url() } })
    cleanup.push(() => t.close())
    expect((await ready(t)).statusCode).toBe(200)
    await relay.cut()
    const down = await ready(t)
    expect(down.statusCode).toBe(503)
    expect(down.json()).toMatchObject({ ready: false, redis: 'down', database: 'ok' })
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200)
    await relay.restore()
    await waitFor(async () => (await ready(t)).statusCode === 200, 20_000, 200)
  })

  it('answers 503, not an endless wait, when no database connection can be had in time', async () => {
    const t = await createTestApp({ env: { DB_POOL_MAX: '1', DB_POOL_ACQUIRE_TIMEOUT_MS: '300' } })
    cleanup.push(() => t.close())
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    // Something else holds the pool's only connection.
    const holding = t.runtime.db.connection().execute(() => held)
    const res = await t.app.inject({ url: '/api/health' })
    release()
    await holding
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('1')
    expect(res.json().message).toBe('Serviço ocupado no momento. Tente novamente em instantes.')
    const metrics = await t.app.inject({ url: '/metrics' })
    expect(metrics.body).toMatch(/^db_pool_acquire_timeouts_total\{process="api"\} [1-9]/m)
  })
})

describe('metrics', () => {
  it('exposes the named series, and asks for METRICS_TOKEN when one is set', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: 'token-de-metricas-123' } })
    cleanup.push(() => t.close())
    await t.app.inject({ url: '/api/health/live' })
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401)
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer outro' } })
    expect(wrong.statusCode).toBe(401)
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer token-de-metricas-123' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    for (const series of [
      'http_request_duration_seconds_bucket{',
      '# TYPE orders_placed_total counter',
      '# TYPE orders_paid_total counter',
      'queue_jobs{',
      'queue_oldest_waiting_job_age_seconds{',
      'outbox_lag_seconds',
      '# TYPE delivery_failures_total counter',
      'db_pool_acquire_seconds_bucket{',
      'db_pool_connections{',
    ])
      expect(res.body, series).toContain(series)
    expect(res.body).toContain('route="/api/health/live"')
  })
})
