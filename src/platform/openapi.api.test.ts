import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(() => t.close())

it('serves the OpenAPI document generated from the route schemas', async () => {
  const res = await t.app.inject({ url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  const doc = res.json()
  expect(doc.openapi).toMatch(/^3\./)
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/auth/login', '/api/stores/me', '/api/stores/{storeId}']),
  )
  expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
    expect.arrayContaining(['name', 'email', 'password']),
  )
  expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400)
})

it('sends the basic security headers', async () => {
  const res = await t.app.inject({ url: '/api/health' })
  expect(res.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
  })
})
