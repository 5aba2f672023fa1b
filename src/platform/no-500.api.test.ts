import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app'

// Bad input always gets a clear 4xx: every documented route, with and without a token, with malformed ids and
// bodies of the wrong shape, must never answer 5xx.
let t: TestApp
let merchant: TestUser
let storeId: string
beforeAll(async () => {
  t = await createTestApp({ redis: false })
  merchant = await t.login()
  storeId = (
    await t.app.inject({ method: 'POST', url: '/api/stores', headers: merchant.headers, payload: { name: 'Loja' } })
  ).json().id
})
afterAll(() => t.close())

const BODIES: unknown[] = [
  {},
  { name: 42, email: ['x'], price: 'abc', stock: -1, type: 'NOPE', storeId: 'x', productId: null },
  { price: 1e308, stock: 1.5, quantity: -5, items: 'x', customer: 'x', shipping: [], payment: 7 },
  { zipCode: '0'.repeat(5000), status: { $ne: 1 }, description: 'x'.repeat(20_000) },
  [],
  'texto',
]

it('answers every documented route with bad input without a 5xx', async () => {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  const failures: string[] = []
  let requests = 0
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      for (const id of ['x', '00000000-0000-4000-8000-000000000000', storeId]) {
        const url = path.replace(/\{storeId\}/g, id === 'x' ? 'x' : storeId).replace(/\{[^}]+\}/g, id)
        for (const headers of [{}, merchant.headers]) {
          const bodies = method === 'get' || method === 'delete' ? [undefined] : BODIES
          for (const body of bodies) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}?storeId=${id}&page=-1&limit=abc&period=nunca&status=%00`,
              headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
              payload: body === undefined ? undefined : JSON.stringify(body),
            })
            requests++
            if (res.statusCode >= 500)
              failures.push(
                `${method.toUpperCase()} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              )
          }
        }
      }
    }
  }
  expect(requests).toBeGreaterThan(500)
  expect(failures).toEqual([])
}, 120_000)
