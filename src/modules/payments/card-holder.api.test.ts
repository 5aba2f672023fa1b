import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAsaas, startFakeAsaas } from '../../testing/fake-asaas'
import { createTestApp, type TestApp } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { PAYMENT_HOLDER_MESSAGES } from './service'

// A digital card order at a store whose card route is Asaas: the holder's CEP and number are asked (a public
// capability), checked on the server (400 when missing) and sent as creditCardHolderInfo.
let t: TestApp
let fake: FakeAsaas
beforeAll(async () => {
  fake = await startFakeAsaas()
  t = await createTestApp({ redis: false, env: { ASAAS_API_URL: fake.url } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const fixtures = orderingFixtures(() => t)
const card = {
  method: 'credit_card',
  cardName: 'MARIA SILVA',
  cardNumber: '4111 1111 1111 1111',
  expiryDate: '12/39',
  cvv: '123',
  installments: 1,
}

async function methods(storeId: string) {
  return (await t.app.inject({ url: `/api/payment/ativo-pay/payment-methods-public?storeId=${storeId}` })).json().data
}
const order = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/create-digital-order',
    payload: body as object,
    headers: { 'idempotency-key': crypto.randomUUID() },
  })

describe('card holder address', () => {
  it('is asked only when the card route needs it, and refused with a message when missing', async () => {
    const shop = await fixtures.shop({ shipping: false })
    expect((await methods(shop.storeId)).credit_card.holderAddress).toBeUndefined()
    const res = await t.send('POST', `/api/stores/${shop.storeId}/payment-accounts`, shop.owner, {
      provider: 'asaas',
      label: 'Asaas',
      apiKey: '$aact_holder_0001',
      webhookToken: 'whsec-token-of-the-merchant-000000000003',
      methods: ['pix', 'credit_card'],
    })
    expect(res.statusCode).toBe(201)
    expect((await methods(shop.storeId)).credit_card.holderAddress).toBe(true)

    const missing = await order(fixtures.digitalOrder(shop, { payment: card }))
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(PAYMENT_HOLDER_MESSAGES.postalCode)
    const noNumber = await order(fixtures.digitalOrder(shop, { payment: { ...card, holderPostalCode: '01310-100' } }))
    expect(noNumber.statusCode).toBe(400)
    expect(noNumber.json().message).toBe(PAYMENT_HOLDER_MESSAGES.addressNumber)

    const ok = await order(
      fixtures.digitalOrder(shop, { payment: { ...card, holderPostalCode: '01310-100', holderAddressNumber: '1000' } }),
    )
    expect(ok.statusCode).toBe(200)
    const sent = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v3/payments').at(-1)!
    expect(sent.body?.creditCardHolderInfo).toMatchObject({ postalCode: '01310100', addressNumber: '1000' })

    // The Asaas account off the card route: the checkout no longer asks.
    await t.send('PATCH', `/api/stores/${shop.storeId}/payment-accounts/${res.json().id}`, shop.owner, {
      methods: ['pix'],
    })
    expect((await methods(shop.storeId)).credit_card.holderAddress).toBeUndefined()
  })
})
