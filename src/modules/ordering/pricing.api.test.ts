import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUPON_REFUSALS } from '../../shared/coupons'
import { MSG } from '../../shared/ordering'
import { type FakeUtmify, startFakeUtmify } from '../../testing/fake-utmify'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { type FakeGraph, startFakeGraph } from '../tracking/fake-graph'
import { orderingFixtures, type Shop } from './ordering-fixtures'

// Issue 25: coupons, method discounts and installments with interest, priced on the server and charged as quoted.
let t: TestApp
let utmify: FakeUtmify
let graph: FakeGraph
beforeAll(async () => {
  utmify = await startFakeUtmify()
  graph = await startFakeGraph()
  t = await createTestApp({
    env: { UTMIFY_API_URL: utmify.url, FACEBOOK_GRAPH_URL: graph.url, FACEBOOK_GRAPH_VERSION: 'v21.0' },
  })
})
afterAll(async () => {
  await t.close()
  await utmify.close()
  await graph.close()
})

const { customer, post, shop, physicalOrder, digitalOrder, sandbox } = orderingFixtures(() => t)

async function coupon(s: Shop, body: Record<string, unknown>) {
  const res = await post(`/api/stores/${s.storeId}/coupons`, { discountType: 'PERCENTAGE', ...body }, s.owner.headers)
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; code: string }
}

async function payments(s: Shop, extra: Record<string, unknown>) {
  const res = await post(
    `/api/payment/ativo-pay/payment-config?storeId=${s.storeId}`,
    { ativoPayApiKey: 'sk_sandbox_orders_0001', ...extra },
    s.owner.headers,
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const orderRow = (id: string) =>
  t.runtime.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const couponRow = (id: string) =>
  t.runtime.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('coupons: the merchant’s rules', () => {
  it('refuses bad input with a message, and the same code in two stores is fine', async () => {
    const s = await shop()
    const bad = async (body: Record<string, unknown>, status = 400) => {
      const res = await post(`/api/stores/${s.storeId}/coupons`, body, s.owner.headers)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json().message).toMatch(/\w/)
      return res.json().message as string
    }
    expect(await bad({ code: 'X', discountType: 'PERCENTAGE', discountValue: 101 })).toBe(
      'O desconto percentual não pode passar de 100%',
    )
    expect(await bad({ code: 'X', discountType: 'FIXED', discountValue: 150, productIds: [s.physicalId] })).toBe(
      'O desconto fixo não pode ser maior que o preço do produto',
    )
    expect(await bad({ code: 'X', discountType: 'FIXED', discountValue: -1 })).toBe(
      'Valor do desconto deve ser maior que zero',
    )
    expect(await bad({ code: 'X', discountType: 'FIXED', discountValue: 'abc' })).toBe(
      'Valor do desconto deve ser maior que zero',
    )
    expect(
      await bad({
        code: 'X',
        discountType: 'FIXED',
        discountValue: 5,
        startsAt: '2030-01-02T00:00:00Z',
        endsAt: '2030-01-01T00:00:00Z',
      }),
    ).toBe('A data de término deve ser depois da data de início')
    expect(await bad({ code: 'COM ESPACO', discountType: 'FIXED', discountValue: 5 })).toMatch(/sem espaços/)
    expect(await bad({ code: 'A'.repeat(41), discountType: 'FIXED', discountValue: 5 })).toMatch(/até 40/)
    const other = await shop()
    await bad({ code: 'X', discountType: 'FIXED', discountValue: 5, productIds: [other.physicalId] }, 404)

    await coupon(s, { code: 'BEMVINDO', discountValue: 10 })
    await bad({ code: 'bemvindo', discountType: 'FIXED', discountValue: 5 }, 409)
    const theirs = await coupon(other, { code: 'BEMVINDO', discountValue: 10 })
    // Another store's coupon through this store's address is not found, whatever the call.
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PUT', '', { code: 'X', discountType: 'FIXED', discountValue: 5 }],
      ['PATCH', '/status', { active: false }],
      ['DELETE', '', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/stores/${s.storeId}/coupons/${theirs.id}${suffix}`,
        payload,
        headers: s.owner.headers,
      })
      expect(res.statusCode, method).toBe(404)
    }
    expect((await couponRow(theirs.id)).active).toBe(true)
    const foreign = await t.app.inject({
      url: `/api/stores/${other.storeId}/coupons`,
      headers: s.owner.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('each refusal reason answers 400 in Portuguese and no order is created', async () => {
    const s = await shop()
    await coupon(s, { code: 'FUTURO', discountValue: 10, startsAt: '2099-01-01T00:00:00Z' })
    await coupon(s, { code: 'VELHO', discountValue: 10, endsAt: '2020-01-01T00:00:00Z' })
    await coupon(s, { code: 'MINIMO', discountValue: 10, minOrderValue: 150 })
    await coupon(s, { code: 'EBOOK', discountValue: 10, productIds: [s.digitalId] })
    const once = await coupon(s, { code: 'UMAVEZ', discountValue: 10, maxUsesPerEmail: 1 })
    const paused = await coupon(s, { code: 'PAUSADO', discountValue: 10 })
    await post(`/api/stores/${s.storeId}/coupons/${paused.id}/status`, {}, s.owner.headers)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/coupons/${paused.id}/status`,
      payload: { active: false },
      headers: s.owner.headers,
    })
    const cases: [string, string][] = [
      ['NAOEXISTE', COUPON_REFUSALS.unknown],
      ['PAUSADO', COUPON_REFUSALS.unknown],
      ['FUTURO', COUPON_REFUSALS.notYetValid],
      ['VELHO', COUPON_REFUSALS.expired],
      ['MINIMO', COUPON_REFUSALS.belowMinimum('R$\u00a0150,00')],
      ['EBOOK', COUPON_REFUSALS.notForProduct],
    ]
    for (const [code, message] of cases) {
      const res = await post('/api/checkout/create-order', physicalOrder(s, { couponCode: code }))
      expect(res.statusCode, code).toBe(400)
      expect(res.json()).toMatchObject({ code: 'COUPON_REFUSED', message, errors: { couponCode: message } })
      const quote = await post('/api/checkout/quote', { storeId: s.storeId, productId: s.physicalId, couponCode: code })
      expect(quote.json(), code).toMatchObject({ code: 'COUPON_REFUSED', message })
    }
    // Per e-mail, on the normalised address: case and a +tag do not make a new buyer.
    expect((await post('/api/checkout/create-order', physicalOrder(s, { couponCode: 'umavez' }))).statusCode).toBe(200)
    const again = await post(
      '/api/checkout/create-order',
      physicalOrder(s, { couponCode: 'UMAVEZ', customer: { ...customer, email: 'Maria+promo@Example.com' } }),
    )
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(COUPON_REFUSALS.usedByEmail)
    expect((await couponRow(once.id)).uses_count).toBe(1)
    const count = await t.runtime.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', s.storeId)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('20 buyers racing for a coupon with one use: exactly one order', async () => {
    const s = await shop({ stock: 50 })
    const last = await coupon(s, { code: 'ULTIMO', discountValue: 50, maxUses: 1 })
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/checkout/create-order',
          physicalOrder(s, { couponCode: 'ULTIMO', customer: { ...customer, email: `buyer${i}@example.com` } }),
          { 'x-forwarded-for': `10.0.0.${i + 1}` },
        ),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    const refused = results.filter((r) => r.statusCode !== 200)
    expect(refused.every((r) => r.statusCode === 400 && r.json().message === COUPON_REFUSALS.usedUp)).toBe(true)
    const withCoupon = await t.runtime.db
      .selectFrom('orders')
      .select('id')
      .where('store_id', '=', s.storeId)
      .where('coupon_code', '=', 'ULTIMO')
      .execute()
    expect(withCoupon).toHaveLength(1)
    expect((await couponRow(last.id)).uses_count).toBe(1)
  })

  it('an expired order gives its use back, once', async () => {
    const s = await shop()
    const c = await coupon(s, { code: 'VOLTA', discountValue: 10, maxUses: 1 })
    const placed = await post('/api/checkout/create-order', physicalOrder(s, { couponCode: 'VOLTA' }))
    expect(placed.statusCode).toBe(200)
    expect((await couponRow(c.id)).uses_count).toBe(1)
    expect((await post('/api/checkout/create-order', physicalOrder(s, { couponCode: 'VOLTA' }))).statusCode).toBe(400)
    await sandbox(placed.json().paymentResult.gatewayId, 'expire')
    await waitFor(async () => (await couponRow(c.id)).uses_count === 0)
    await t.drain()
    expect((await couponRow(c.id)).uses_count).toBe(0)
    const next = await post('/api/checkout/create-order', physicalOrder(s, { couponCode: 'volta' }))
    expect(next.statusCode).toBe(200)
    expect((await couponRow(c.id)).uses_count).toBe(1)
  })
})

describe('method discounts and installments', () => {
  it('PIX with 5% off and a coupon: the EMV amount equals the order total to the centavo', async () => {
    const s = await shop()
    await payments(s, { pixDiscountPercent: 5 })
    await coupon(s, { code: 'DEZ', discountValue: 10 })
    const quote = await post('/api/checkout/quote', {
      storeId: s.storeId,
      productId: s.physicalId,
      couponCode: 'dez',
      paymentMethod: 'pix',
      shipping: { zipCode: '01310-100', method: s.optionId },
    })
    expect(quote.statusCode, quote.body).toBe(200)
    // 100 − 10 (coupon) = 90; − 5% = 85,50; + 20 shipping
    expect(quote.json()).toMatchObject({
      subtotal: 100,
      couponDiscount: 10,
      methodDiscount: 4.5,
      shipping: 20,
      total: 105.5,
      coupon: { code: 'DEZ' },
      methods: { pix: { discountPercent: 5, badge: '5% OFF', total: 105.5 }, bank_slip: { total: 110 } },
    })
    const res = await post('/api/checkout/create-order', physicalOrder(s, { couponCode: 'dez', totalPrice: 1 }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().total).toBe(105.5)
    const emv = res.json().qrCode as string
    expect(emv).toContain('5406105.50') // tag 54, length 06, amount "105.50"
    const order = await orderRow(res.json().orderId)
    expect(order).toMatchObject({
      total_cents: 10_550,
      coupon_code: 'DEZ',
      coupon_discount_cents: 1_000,
      method_discount_cents: 450,
      interest_cents: 0,
    })
    const charge = await t.runtime.db
      .selectFrom('payment_transactions')
      .select('amount_cents')
      .where('id', '=', order.transaction_id!)
      .executeTakeFirstOrThrow()
    expect(charge.amount_cents).toBe(10_550)

    // The merchant sees the steps and can filter by the coupon (orders and sales), case-insensitive.
    await post('/api/checkout/create-order', physicalOrder(s))
    const list = await t.app.inject({ url: `/api/stores/${s.storeId}/orders?coupon=dez`, headers: s.owner.headers })
    expect(list.json()).toHaveLength(1)
    expect(list.json()[0]).toMatchObject({ couponCode: 'DEZ', couponDiscount: 10, methodDiscount: 4.5, total: 105.5 })
    const sales = await t.app.inject({ url: '/api/sales?coupon=DEZ', headers: s.owner.headers })
    expect(sales.json().total).toBe(1)
    const all = await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers })
    expect(all.json()).toHaveLength(2)
  })

  it('18x with interest is accepted when the store allows 24, charged as n × installment', async () => {
    const s = await shop()
    await payments(s, { creditCardMaxInstallments: 24, interestFreeInstallments: 6, monthlyInterestPercent: 2.89 })
    const quote = await post('/api/checkout/quote', {
      storeId: s.storeId,
      productId: s.digitalId,
      paymentMethod: 'credit_card',
      installments: 18,
    })
    expect(quote.statusCode, quote.body).toBe(200)
    const q = quote.json()
    const plan18 = q.methods.credit_card.options[17]
    expect(q.methods.credit_card.options).toHaveLength(24)
    expect(q.methods.credit_card.options[5]).toMatchObject({ installments: 6, interestFree: true, total: 49.9 })
    expect(q.methods.credit_card.options[5].label).toBe('6x de R$ 8,32 sem juros')
    expect(plan18.interestFree).toBe(false)
    expect(plan18.label).toMatch(/^18x de R\$ 3,\d\d com juros \(2,89% a\.m\.\) · total R\$ \d+,\d\d$/)
    expect(q.total).toBe(plan18.total)
    const res = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, {
        payment: {
          method: 'credit_card',
          installments: 18,
          cardName: 'MARIA SILVA',
          cardNumber: '4111 1111 1111 1111',
          expiryDate: '12/30',
          cvv: '123',
        },
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const order = await orderRow(res.json().orderId)
    expect(order.installments).toBe(18)
    expect(order.total_cents).toBe(Math.round(plan18.total * 100))
    expect(order.total_cents).toBe(order.installment_cents! * 18)
    expect(order.interest_cents).toBe(order.total_cents - 4_990)
    const charge = await t.runtime.db
      .selectFrom('payment_transactions')
      .select(['amount_cents', 'installments'])
      .where('id', '=', order.transaction_id!)
      .executeTakeFirstOrThrow()
    expect(charge).toEqual({ amount_cents: order.total_cents, installments: 18 })

    const tooMany = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, { payment: { method: 'credit_card', installments: 25 } }),
    )
    expect(tooMany.statusCode).toBe(400)
  })

  it('refuses a plan above the store’s maximum and interest-free above it', async () => {
    const s = await shop()
    const bad = await post(
      `/api/payment/ativo-pay/payment-config?storeId=${s.storeId}`,
      { ativoPayApiKey: 'sk_sandbox_orders_0001', creditCardMaxInstallments: 10, interestFreeInstallments: 12 },
      s.owner.headers,
    )
    expect(bad.statusCode).toBe(400)
    await payments(s, { creditCardMaxInstallments: 10 })
    const res = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, {
        payment: {
          method: 'credit_card',
          installments: 12,
          cardName: 'MARIA SILVA',
          cardNumber: '4111 1111 1111 1111',
          expiryDate: '12/30',
          cvv: '123',
        },
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Número de parcelas inválido')
  })
})

describe('what leaves carries the discounted total', () => {
  it('UTMify commission and products, and the Conversions API value', async () => {
    const s = await shop()
    await payments(s, { pixDiscountPercent: 5 })
    await coupon(s, { code: 'VINTE', discountType: 'FIXED', discountValue: 20 })
    await t.app.inject({
      method: 'PUT',
      url: `/api/integrations/utmfy/config/${s.storeId}`,
      payload: { utmfyApiKey: 'utmify_token_ABCDEFGHIJ0123456789', utmfyActive: true },
      headers: s.owner.headers,
    })
    const pixel = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/facebook-pixel`,
      payload: { pixelId: '123456789012345', accessToken: `EAAB${'x'.repeat(40)}`, active: true },
      headers: s.owner.headers,
    })
    expect(pixel.statusCode, pixel.body).toBe(200)
    // E-book R$ 49,90 − R$ 20 = 29,90; − 5% (1,495 → 1,50) = 28,40
    const res = await post('/api/checkout/create-digital-order', digitalOrder(s, { couponCode: 'VINTE' }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().total).toBe(28.4)
    await sandbox(res.json().paymentResult.gatewayId, 'pay')
    await waitFor(() => utmify.calls.some((c) => c.body.orderId === res.json().orderId && c.body.status === 'paid'))
    const paid = utmify.calls.find((c) => c.body.orderId === res.json().orderId && c.body.status === 'paid')!
    expect(paid.body).toMatchObject({ commission: { totalPriceInCents: 2_840, userCommissionInCents: 2_840 } })
    expect((paid.body.products as { priceInCents: number }[])[0].priceInCents).toBe(2_840)
    await waitFor(() => graph.calls.some((c) => c.body.data[0].event_name === 'Purchase'))
    const purchase = graph.calls.find((c) => c.body.data[0].event_name === 'Purchase')!
    expect(purchase.body.data[0].custom_data).toMatchObject({ value: 28.4, currency: 'BRL' })
  })
})

describe('the quote of a product that is not there', () => {
  it('is a 404 with the code the checkout decides by, as placing the order would be', async () => {
    const s = await shop()
    const productId = '00000000-0000-4000-8000-0000000000ff'
    const quote = await post('/api/checkout/quote', { storeId: s.storeId, productId })
    expect(quote.statusCode).toBe(404)
    expect(quote.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', message: MSG.productUnavailable })
    const order = await post('/api/checkout/create-order', physicalOrder(s, { productId }))
    expect(order.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE' })
  })
})
