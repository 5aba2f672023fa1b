/**
 * Issue 38's "cached per (origin, destination, package) for 10 minutes", on the controlled clock: the buyer page's
 * quote is Melhor Envio's answer kept for 10 minutes; 9:59 later the same cart and CEP reuse it (no call), at 10:00
 * Melhor Envio is asked again. The route reads the app's clock (it read the wall clock: 10:00 was still kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { QUOTE_CACHE_MS } from './service'

const clock = controlledClock(new Date())
let t: TestApp
let fake: FakeMelhorEnvio
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
  t = await createTestApp({ clock, env: { MELHOR_ENVIO_API_URL: fake.url } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const { post, shop } = orderingFixtures(() => t)
const quoteCalls = () => fake.calls.filter((c) => c.path === '/api/v2/me/shipment/calculate').length

describe('the 10-minute quote', () => {
  it('is reused at 9:59 and asked of Melhor Envio again at 10:00', async () => {
    const s = await shop()
    await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/products/${s.physicalId}`,
      payload: { weightGrams: 600, heightCm: 10, widthCm: 15, lengthCm: 20 },
      headers: s.owner.headers,
    })
    const connected = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${s.storeId}/shipping/melhor-envio`,
      payload: { token: 'me-test-token', originCep: '01310100', services: [1, 2], active: true },
      headers: s.owner.headers,
    })
    expect(connected.statusCode).toBe(200)
    const calculate = async () => {
      const res = await post(`/api/stores/${s.storeId}/shipping/calculate`, {
        zipCode: '20040020',
        items: [{ productId: s.physicalId, quantity: 1 }],
      })
      expect(res.statusCode).toBe(200)
      return (res.json().options as { id: string; price: number }[]).filter((o) => o.id.startsWith('me-'))
    }

    const first = await calculate()
    expect(first.map((o) => o.id)).toEqual(['me-1', 'me-2'])
    const calls = quoteCalls()

    clock.advance(QUOTE_CACHE_MS - 1_000)
    expect(await calculate()).toEqual(first)
    expect(quoteCalls()).toBe(calls)

    clock.advance(1_000)
    expect(await calculate()).toEqual(first)
    expect(quoteCalls()).toBe(calls + 1)
  })
})
