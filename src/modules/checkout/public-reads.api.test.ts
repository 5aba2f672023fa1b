import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { publicCustomizationSchema, publicShippingOptionSchema } from '../../shared/checkout'
import { publicPaymentMethodsSchema } from '../../shared/payments'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'

let t: TestApp
let owner: TestUser
let storeId: string
beforeAll(async () => {
  t = await createTestApp()
  owner = await t.login()
  storeId = (
    await t.app.inject({ method: 'POST', url: '/api/stores', headers: owner.headers, payload: { name: 'Loja Cache' } })
  ).json().id
})
afterAll(() => t.close())

const READS = {
  customization: () => `/api/public/stores/${storeId}/customization`,
  shipping: () => `/api/stores/${storeId}/shipping/public/options`,
  payments: () => `/api/payment/ativo-pay/payment-methods-public?storeId=${storeId}`,
}

/** The documented answer of each read: the body is sent pre-serialised, so it must hold exactly these fields. */
const SCHEMAS = {
  customization: publicCustomizationSchema,
  shipping: z.array(publicShippingOptionSchema),
  payments: z.object({ success: z.literal(true), data: publicPaymentMethodsSchema }),
}

/** Saves something that changes each public read's answer. */
const CHANGE = {
  customization: () =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${storeId}/customization`,
      headers: owner.headers,
      payload: { primaryColor: '#123456' },
    }),
  shipping: () =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/shipping`,
      headers: owner.headers,
      payload: { name: 'PAC', basePrice: 15, estimatedDays: 7 },
    }),
  payments: () =>
    t.app.inject({
      method: 'POST',
      url: `/api/payment/ativo-pay/payment-config?storeId=${storeId}`,
      headers: owner.headers,
      payload: { ativoPayApiKey: 'sk_sandbox_cache_0001' },
    }),
}

describe('public checkout reads', () => {
  for (const name of Object.keys(READS) as (keyof typeof READS)[]) {
    it(`${name}: ETag and Cache-Control, 304 on If-None-Match until the merchant saves`, async () => {
      const first = await t.app.inject({ url: READS[name]() })
      expect(first.statusCode).toBe(200)
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^W\/".+"$/)
      expect(first.headers['cache-control']).toBe('public, no-cache')
      expect(first.headers['content-type']).toContain('application/json')
      expect(SCHEMAS[name].parse(first.json())).toEqual(first.json())

      const again = await t.app.inject({ url: READS[name](), headers: { 'if-none-match': etag } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)

      expect((await CHANGE[name]()).statusCode).toBeLessThan(300)
      const changed = await t.app.inject({ url: READS[name](), headers: { 'if-none-match': etag } })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
      expect(SCHEMAS[name].parse(changed.json())).toEqual(changed.json())
    })
  }

  it('answers 404 for an unknown or malformed store on every public read', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const url of [
      `/api/public/stores/${unknown}/customization`,
      `/api/stores/${unknown}/shipping/public/options`,
      `/api/payment/ativo-pay/payment-methods-public?storeId=${unknown}`,
      '/api/public/stores/xyz/customization',
      '/api/stores/xyz/shipping/public/options',
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404)
  })
})
