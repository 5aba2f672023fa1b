import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../testing/test-app'
import { cachedAnswer, PublicConfigCache } from './public-config-cache'

describe('PublicConfigCache', () => {
  it('loads a key once until it is cleared, and keeps the text and ETag of what it loaded', async () => {
    const cache = new PublicConfigCache(60_000)
    let loads = 0
    const load = async () => ({ n: ++loads })
    const first = await cache.answer('look:a', load)
    expect(first).toEqual(cachedAnswer({ n: 1 }))
    expect(await cache.answer('look:a', load)).toBe(first)
    expect(loads).toBe(1)
    cache.clear()
    expect((await cache.answer('look:a', load))?.json).toBe('{"n":2}')
  })

  it('shares one load between concurrent readers, remembers a missing store, forgets a failure', async () => {
    const cache = new PublicConfigCache(60_000)
    let loads = 0
    const [a, b] = await Promise.all([cache.answer('x', async () => ++loads), cache.answer('x', async () => ++loads)])
    expect(a).toBe(b)
    expect(loads).toBe(1)
    expect(await cache.answer('gone', async () => undefined)).toBeUndefined()
    expect(await cache.answer('gone', async () => 'loaded again')).toBeUndefined()
    await expect(cache.answer('down', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect((await cache.answer('down', async () => 'back'))?.json).toBe('"back"')
  })

  it('reads again once the TTL has passed, and holds at most `max` keys', async () => {
    const cache = new PublicConfigCache(0, 2)
    let loads = 0
    await cache.answer('k', async () => ++loads)
    await cache.answer('k', async () => ++loads)
    expect(loads).toBe(2)
    const bounded = new PublicConfigCache(60_000, 2)
    for (const key of ['a', 'b', 'c']) await bounded.answer(key, async () => key)
    expect((await bounded.answer('a', async () => 'reloaded'))?.json).toBe('"reloaded"')
  })
})

describe('public reads from memory', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ redis: false })
  })
  afterAll(() => t.close())

  const look = async (storeId: string) => {
    const res = await t.app.inject({ url: `/api/public/stores/${storeId}/customization` })
    expect(res.statusCode).toBe(200)
    return res.json() as { checkoutTitle: string; storeName: string }
  }

  it("show a merchant's save at once, through this process", async () => {
    const { user, storeId } = await t.merchantWithStore('Loja Memória')
    await look(storeId)
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/customization`,
      headers: user.headers,
      payload: { checkoutTitle: 'Compra Rápida' },
    })
    expect(saved.statusCode).toBe(200)
    expect((await look(storeId)).checkoutTitle).toBe('Compra Rápida')
  })

  it('drop what another process changed when PostgreSQL tells them (a write this process never saw)', async () => {
    const { storeId } = await t.merchantWithStore('Loja Antiga')
    expect((await look(storeId)).storeName).toBe('Loja Antiga')
    const options = await t.app.inject({ url: `/api/stores/${storeId}/shipping/public/options` })
    expect(options.json()).toEqual([])
    // Counted, so the test tells the notification from the TTL running out.
    let cleared = 0
    const clear = t.app.publicConfig.clear.bind(t.app.publicConfig)
    t.app.publicConfig.clear = () => {
      cleared++
      clear()
    }
    // Straight to the database, as another api replica or the worker would write.
    await sql`update stores set name = 'Loja Nova' where id = ${storeId}::uuid`.execute(t.runtime.db)
    await waitFor(() => cleared > 0)
    expect((await look(storeId)).storeName).toBe('Loja Nova')
    const before = cleared
    await sql`insert into shipping_options (store_id, name, base_price_cents, estimated_days)
      values (${storeId}::uuid, 'Retirada', 0, 1)`.execute(t.runtime.db)
    await waitFor(() => cleared > before)
    const after = await t.app.inject({ url: `/api/stores/${storeId}/shipping/public/options` })
    expect(after.json()).toMatchObject([{ name: 'Retirada' }])
  })

  it('answer 404 for a store that does not exist, before and after it is asked twice', async () => {
    const missing = '00000000-0000-4000-8000-00000000abcd'
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ url: `/api/public/stores/${missing}/customization` })).statusCode).toBe(404)
  })
})
