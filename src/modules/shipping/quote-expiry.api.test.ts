/**
 * Issue 38's "cached per (origin, destination, package) for 10 minutes", on the controlled clock: the buyer page's
 * quote is Melhor Envio's answer kept for 10 minutes; 9:59 later the same cart and CEP reuse it (no call), at 10:00
 * Melhor Envio is asked again. The route reads the app's clock (it read the wall clock: 10:00 was still kept).
 * And the price an order is charged: the kept quote up to 2 hours old, past that 400 'Selecione o frete novamente'
 * (placing the order read the wall clock too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { controlledClock } from '../../platform/clock'
import { SHIPPING_UNAVAILABLE } from '../../shared/ordering-rules'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '../../testing/fake-melhor-envio'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { QUOTE_CACHE_MS, QUOTE_HONOURED_MS } from './service'

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

const { post, shop, physicalOrder } = orderingFixtures(() => t)
const quoteCalls = () => fake.calls.filter((c) => c.path === '/api/v2/me/shipment/calculate').length

/** A store on Melhor Envio (services 1 and 2) whose physical product has a package. */
async function carrierShop() {
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
  return s
}

describe('the 10-minute quote', () => {
  it('is reused at 9:59 and asked of Melhor Envio again at 10:00', async () => {
    const s = await carrierShop()
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

describe('the quote an order is charged', () => {
  it('is honoured up to 2 hours after the buyer saw it; past that the order asks for a new quote (400)', async () => {
    const s = await carrierShop()
    const quoted = await post(`/api/stores/${s.storeId}/shipping/calculate`, {
      zipCode: '01001000',
      items: [{ productId: s.physicalId, quantity: 1 }],
    })
    const option = (quoted.json().options as { id: string; price: number }[]).find((o) => o.id === 'me-1')!
    const order = () =>
      post(
        '/api/checkout/create-order',
        physicalOrder(s, { shipping: { ...physicalOrder(s).shipping, zipCode: '01001000', method: 'me-1' } }),
      )

    clock.advance(QUOTE_HONOURED_MS - 1_000)
    const inTime = await order()
    expect(inTime.statusCode, inTime.body).toBe(200)
    expect(inTime.json().total).toBeCloseTo(100 + option.price, 2)

    clock.advance(2_000)
    const late = await order()
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toBe(SHIPPING_UNAVAILABLE)
  })
})
