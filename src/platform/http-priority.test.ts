import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'
import { registerPriorityLanes } from './http-priority'

/** A server with a foreground route held open until the test says so, and a background route that logs its start. */
async function lanes(maxWaitMs: number) {
  // Closing drops the fetch client's idle keep-alive sockets instead of waiting seconds for them.
  const app = Fastify({ forceCloseConnections: true })
  registerPriorityLanes(app, { maxWaitMs })
  const started: string[] = []
  let release!: () => void
  const held = new Promise<void>((r) => {
    release = r
  })
  let entered!: () => void
  const inHandler = new Promise<void>((r) => {
    entered = r
  })
  app.get('/checkout', async () => {
    started.push('checkout')
    entered()
    await held
    return { ok: true }
  })
  app.get('/dashboard', { config: { background: true } }, async () => {
    started.push('dashboard')
    return { ok: true }
  })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, base, started, release, inHandler }
}

let open: FastifyInstance | undefined
afterEach(async () => {
  await open?.close()
  open = undefined
})

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('priority lanes', () => {
  it('start a background request at once when nothing else is in flight', async () => {
    const s = await lanes(60_000)
    open = s.app
    const res = await fetch(`${s.base}/dashboard`)
    expect(res.status).toBe(200)
    s.release()
  })

  it('hold a background request while a checkout is in flight and start it as soon as that one ends', async () => {
    const s = await lanes(60_000)
    open = s.app
    const checkout = fetch(`${s.base}/checkout`)
    await s.inHandler
    const dashboard = fetch(`${s.base}/dashboard`)
    await tick(100)
    expect(s.started).toEqual(['checkout'])
    s.release()
    expect((await checkout).status).toBe(200)
    expect((await dashboard).status).toBe(200)
    expect(s.started).toEqual(['checkout', 'dashboard'])
  })

  it('never starve a background request: it starts after the longest wait even if checkout never drains', async () => {
    const s = await lanes(30)
    open = s.app
    const checkout = fetch(`${s.base}/checkout`)
    await s.inHandler
    expect((await fetch(`${s.base}/dashboard`)).status).toBe(200)
    expect(s.started).toEqual(['checkout', 'dashboard'])
    s.release()
    await checkout
  })

  it('stop counting a request whose client went away, even while its handler still runs', async () => {
    const s = await lanes(60_000)
    open = s.app
    const abort = new AbortController()
    const checkout = fetch(`${s.base}/checkout`, { signal: abort.signal }).catch(() => 'aborted')
    await s.inHandler
    abort.abort()
    expect(await checkout).toBe('aborted')
    expect((await fetch(`${s.base}/dashboard`)).status).toBe(200)
    s.release()
  })

  it('count requests answered through inject, as the api tests send them', async () => {
    const app = Fastify()
    registerPriorityLanes(app, { maxWaitMs: 60_000 })
    app.get('/checkout', async () => ({ ok: true }))
    app.get('/dashboard', { config: { background: true } }, async () => ({ ok: true }))
    expect((await app.inject({ url: '/checkout' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/dashboard' })).statusCode).toBe(200)
    await app.close()
  })
})

describe('the application', () => {
  it("serves the dashboards, the orders CSV export and the admin's platform-wide order cards in the background lane, nothing else", async () => {
    const t = await createTestApp({ redis: false })
    try {
      expect([...t.app.backgroundRoutes].sort()).toEqual([
        'GET /api/admin/dashboard',
        'GET /api/admin/orders/summary',
        'GET /api/stores/:storeId/dashboard',
        'GET /api/stores/:storeId/orders/export',
        'HEAD /api/admin/dashboard',
        'HEAD /api/admin/orders/summary',
        'HEAD /api/stores/:storeId/dashboard',
        'HEAD /api/stores/:storeId/orders/export',
      ])
    } finally {
      await t.close()
    }
  })
})
