import { afterAll, beforeAll, expect, it } from 'vitest'
import { CONTROL_CHARS_MESSAGE } from '../shared/text'
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app'

// Bad input always gets a clear 4xx: every documented route, with and without a token, with malformed ids and
// bodies of the wrong shape, must never answer 5xx.
let t: TestApp
let merchant: TestUser
let storeId: string
beforeAll(async () => {
  t = await createTestApp({ redis: false })
  ;({ user: merchant, storeId } = await t.merchantWithStore())
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

/** Every documented route with its placeholders filled from the merchant's own store. */
async function documentedRoutes(): Promise<{ method: string; url: string }[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{storeId\}/g, storeId).replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
    })),
  )
}

const NUL_BODY = {
  name: 'Loja\u0000',
  email: 'a\u0000@example.com',
  password: 'senha\u0000123',
  description: 'x\u0000',
  customer: { name: 'Maria\u0000', email: 'm@example.com', cpf: '529.982.247-25', phone: '11987654321' },
  shipping: { address: 'Rua\u0000', city: 'São Paulo' },
  items: [{ name: '\u0000' }],
  zipCode: '01310\u0000100',
  status: 'PAID\u0000',
  id: '\u0000',
}

it('answers NUL bytes in the body or the query of every route with a 400 (after the access guards)', async () => {
  const failures: string[] = []
  let refused = 0
  for (const { method, url } of await documentedRoutes()) {
    for (const headers of [{}, merchant.headers]) {
      const withBody = method !== 'GET' && method !== 'DELETE'
      const res = await t.app.inject({
        method: method as 'GET',
        url: withBody ? url : `${url}?storeId=${storeId}&search=a%00b&status=%00`,
        headers: { ...headers, ...(withBody && { 'content-type': 'application/json' }) },
        payload: withBody ? JSON.stringify(NUL_BODY) : undefined,
      })
      const guard = [401, 403, 404].includes(res.statusCode)
      const nulRefused = res.statusCode === 400 && res.json().message === CONTROL_CHARS_MESSAGE
      if (nulRefused) refused++
      else if (!guard) failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`)
    }
  }
  expect(failures).toEqual([])
  expect(refused).toBeGreaterThan(50)
}, 120_000)

it('answers malformed multipart on every route that takes a body without a 5xx', async () => {
  const failures: string[] = []
  const bodies = [
    { type: 'multipart/form-data', payload: 'no boundary' },
    {
      type: 'multipart/form-data; boundary=abc',
      payload: '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut',
    },
    {
      type: 'multipart/form-data; boundary=abc',
      payload:
        '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    },
  ]
  for (const { method, url } of await documentedRoutes()) {
    if (method === 'GET' || method === 'DELETE') continue
    for (const body of bodies) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { ...merchant.headers, 'content-type': body.type },
        payload: body.payload,
      })
      // (The gateway webhook acknowledges whatever it gets with 200; it acts only on what it re-reads.)
      if (res.statusCode >= 500)
        failures.push(`${method} ${url} ${body.type} → ${res.statusCode} ${res.body.slice(0, 120)}`)
    }
  }
  expect(failures).toEqual([])
}, 120_000)
