import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser, waitFor } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'
import { cancelOrder } from '../ordering/service'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { customer, address } = orderingFixtures(() => t)

async function req(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as object, headers: user?.headers })
}

interface Shop {
  owner: TestUser
  storeId: string
  /** R$ 100, physical, stock 50: the checkout's product. */
  mainId: string
  /** R$ 40, physical, the given stock: a bump product. */
  capId: string
  /** R$ 30, digital: a bump product. */
  ebookId: string
  /** R$ 49,90, digital: a digital checkout's product. */
  courseId: string
  optionId: string
}

async function product(owner: TestUser, storeId: string, body: Record<string, unknown>) {
  const res = await req('POST', `/api/stores/${storeId}/products`, owner, body)
  expect(res.statusCode).toBe(201)
  return res.json().id as string
}

async function shop(opts: { capStock?: number } = {}): Promise<Shop> {
  const owner = await t.login()
  const storeId = (await req('POST', '/api/stores', owner, { name: 'Loja Bumps' })).json().id
  const mainId = await product(owner, storeId, { name: 'Camiseta', price: 100, type: 'PHYSICAL', stock: 50 })
  const capId = await product(owner, storeId, { name: 'Boné', price: 40, type: 'PHYSICAL', stock: opts.capStock ?? 10 })
  const file = 'https://files.example.com/x.pdf'
  const ebookId = await product(owner, storeId, { name: 'E-book', price: 30, type: 'DIGITAL', digitalFileUrl: file })
  const courseId = await product(owner, storeId, { name: 'Curso', price: 49.9, type: 'DIGITAL', digitalFileUrl: file })
  const option = await req('POST', `/api/stores/${storeId}/shipping`, owner, {
    name: 'Sedex',
    basePrice: 20,
    estimatedDays: 3,
  })
  expect(option.statusCode).toBe(201)
  const config = await req('POST', `/api/payment/ativo-pay/payment-config?storeId=${storeId}`, owner, {
    ativoPayApiKey: 'sk_sandbox_bumps_0001',
  })
  expect(config.statusCode).toBe(200)
  return { owner, storeId, mainId, capId, ebookId, courseId, optionId: option.json().id }
}

async function bump(s: Shop, body: Record<string, unknown>) {
  const res = await req('POST', `/api/stores/${s.storeId}/order-bumps`, s.owner, {
    title: 'Leve também',
    productId: s.capId,
    ...body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; productId: string }
}

async function offers(s: Shop, body: Record<string, unknown>, position?: string) {
  const res = await req(
    'POST',
    `/api/stores/${s.storeId}/order-bumps/calculate${position ? `?position=${position}` : ''}`,
    undefined,
    body,
  )
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { id: string; finalPrice: number; originalPrice: number; savings: number }[]
}

const cartOf = (s: Shop, productId = s.mainId, price = 100) => ({
  items: [{ productId, quantity: 1, price }],
  cartTotal: price,
  currentStep: 2,
})

function physicalOrder(s: Shop, orderBumps: string[], extra: Record<string, unknown> = {}) {
  return {
    storeId: s.storeId,
    productId: s.mainId,
    customer,
    shipping: { ...address, method: s.optionId },
    payment: { method: 'pix' },
    orderBumps,
    ...extra,
  }
}

async function stockOf(s: Shop, id: string) {
  return (await req('GET', `/api/stores/${s.storeId}/products/${id}`, s.owner)).json().stock as number
}

async function getBump(s: Shop, id: string) {
  return (await req('GET', `/api/stores/${s.storeId}/order-bumps/${id}`, s.owner)).json()
}

describe('order bump form rules (spec 002 §5), enforced by the server', () => {
  it('answers each rule with its message', async () => {
    const s = await shop()
    const url = `/api/stores/${s.storeId}/order-bumps`
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: s.capId }, 'Título é obrigatório'],
      [{ title: 'X' }, 'Produto é obrigatório'],
      [{ title: 'X', productId: s.capId, discountType: 'PERCENTAGE' }, 'Valor do desconto deve ser maior que zero'],
      [
        { title: 'X', productId: s.capId, discountType: 'FIXED', discountValue: 0 },
        'Valor do desconto deve ser maior que zero',
      ],
      [
        { title: 'X', productId: s.capId, discountType: 'FIXED', discountValue: -5 },
        'Valor do desconto deve ser maior que zero',
      ],
      [
        { title: 'X', productId: s.capId, discountType: 'PERCENTAGE', discountValue: 101 },
        'Percentual não pode ser maior que 100%',
      ],
      [
        { title: 'X', productId: s.capId, minCartValue: 200, maxCartValue: 100 },
        'Valor máximo deve ser maior que o mínimo',
      ],
      [
        { title: 'X', productId: s.capId, discountType: 'FIXED', discountValue: 40 },
        'O desconto não pode ser maior que o preço do produto',
      ],
    ]
    for (const [body, message] of cases) {
      const res = await req('POST', url, s.owner, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toBe(message)
    }
    // a PATCH is checked on the merged whole
    const b = await bump(s, { minCartValue: 50 })
    const patch = await req('PATCH', `${url}/${b.id}`, s.owner, { maxCartValue: 10 })
    expect(patch.statusCode).toBe(400)
    expect(patch.json().message).toBe('Valor máximo deve ser maior que o mínimo')
  })

  it('accepts showOnProducts as a list or a JSON string, and refuses another store’s products with 404', async () => {
    const s = await shop()
    const other = await shop()
    const asString = await bump(s, { showOnProducts: JSON.stringify([s.mainId]) })
    expect((await getBump(s, asString.id)).showOnProducts).toEqual([s.mainId])
    const foreignProduct = await req('POST', `/api/stores/${s.storeId}/order-bumps`, s.owner, {
      title: 'X',
      productId: other.capId,
    })
    expect(foreignProduct.statusCode).toBe(404)
    const foreignShowOn = await req('POST', `/api/stores/${s.storeId}/order-bumps`, s.owner, {
      title: 'X',
      productId: s.capId,
      showOnProducts: [other.mainId],
    })
    expect(foreignShowOn.statusCode).toBe(404)
  })

  it('keeps each merchant to their own bumps (404), stats included', async () => {
    const s = await shop()
    const intruder = await shop()
    const b = await bump(s, {})
    const base = `/api/stores/${s.storeId}/order-bumps`
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/stats`],
      ['GET', `${base}/${b.id}`],
      ['PATCH', `${base}/${b.id}`],
      ['DELETE', `${base}/${b.id}`],
    ] as const)
      expect((await req(method, url, intruder.owner, method === 'PATCH' ? { title: 'x' } : undefined)).statusCode).toBe(
        404,
      )
    // the intruder's own store does not reach s's bump either
    const cross = await req('GET', `/api/stores/${intruder.storeId}/order-bumps/${b.id}`, intruder.owner)
    expect(cross.statusCode).toBe(404)
    expect((await req('GET', base)).statusCode).toBe(401)
    expect((await getBump(s, b.id)).title).toBe('Leve também')
  })
})

describe('public offer (calculate)', () => {
  it('offers by position, showOnProducts, cart product and min/max on the server total', async () => {
    const s = await shop()
    const atPayment = await bump(s, { position: 'BEFORE_PAYMENT', title: 'Pagamento' })
    const atShipping = await bump(s, { position: 'AFTER_SHIPPING', title: 'Frete', productId: s.ebookId })
    const onlyOther = await bump(s, { showOnProducts: [s.courseId], productId: s.ebookId })
    const onlyMain = await bump(s, { showOnProducts: [s.mainId], productId: s.ebookId })
    const min150 = await bump(s, { minCartValue: 150, productId: s.ebookId })
    const max99 = await bump(s, { maxCartValue: 99, productId: s.ebookId })
    const inactive = await bump(s, { active: false })
    const ofMain = await bump(s, { productId: s.mainId })

    const ids = (list: { id: string }[]) => list.map((o) => o.id).sort()
    // a tampered cart total (R$ 1000) and price (R$ 1) change nothing: the cart is R$ 100 from the database
    const tampered = { items: [{ productId: s.mainId, quantity: 1, price: 1 }], cartTotal: 1000, currentStep: 3 }
    expect(ids(await offers(s, tampered, 'BEFORE_PAYMENT'))).toEqual(ids([atPayment, onlyMain]))
    expect(ids(await offers(s, cartOf(s), 'AFTER_SHIPPING'))).toEqual(ids([atShipping]))
    expect(ids(await offers(s, cartOf(s)))).toEqual(ids([atPayment, atShipping, onlyMain]))
    // two of the product: R$ 200 reaches min 150
    const two = { items: [{ productId: s.mainId, quantity: 2, price: 100 }], cartTotal: 200, currentStep: 3 }
    expect(ids(await offers(s, two, 'BEFORE_PAYMENT'))).toContain(min150.id)
    // a digital cart: physical bumps can't ship there; showOnProducts names the course
    const digital = ids(await offers(s, cartOf(s, s.courseId, 49.9), 'BEFORE_PAYMENT'))
    expect(digital).toEqual(ids([onlyOther, max99]))
    expect(digital).not.toContain(atPayment.id)
    for (const hidden of [inactive, ofMain]) expect(ids(await offers(s, cartOf(s)))).not.toContain(hidden.id)
    // unknown products: nothing, not an error; a store that does not exist is 404; malformed bodies are 400
    expect(await offers(s, { items: [{ productId: 'x' }] })).toEqual([])
    for (const storeId of ['00000000-0000-4000-8000-000000000000', 'nao-existe']) {
      const unknown = await req('POST', `/api/stores/${storeId}/order-bumps/calculate`, undefined, cartOf(s))
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().message).toBe('Loja não encontrada')
    }
    const bad = await req('POST', `/api/stores/${s.storeId}/order-bumps/calculate`, undefined, { items: 'x' })
    expect(bad.statusCode).toBe(400)
  })

  it('prices each discount type on the server, never below zero', async () => {
    const s = await shop()
    await bump(s, { title: 'none', originalPrice: 60 })
    await bump(s, { title: 'pct', productId: s.ebookId, discountType: 'PERCENTAGE', discountValue: 12.5 })
    const res = await offers(s, cartOf(s))
    const byTitle = Object.fromEntries(
      (res as unknown as { title: string; finalPrice: number; originalPrice: number; savings: number }[]).map((o) => [
        o.title,
        o,
      ]),
    )
    expect(byTitle.none).toMatchObject({ finalPrice: 40, originalPrice: 60, savings: 20 })
    // 12.5 % of R$ 30,00 = R$ 3,75
    expect(byTitle.pct).toMatchObject({ finalPrice: 26.25, originalPrice: 30, savings: 3.75 })
    const fixed = await bump(s, { title: 'fixed', productId: s.courseId, discountType: 'FIXED', discountValue: 9.9 })
    const course = (await offers(s, cartOf(s))).find((o) => o.id === fixed.id)
    expect(course).toMatchObject({ finalPrice: 40, originalPrice: 49.9, savings: 9.9 })
    // the product's price drops under the fixed discount later: the offer is free, not negative
    await req('PATCH', `/api/stores/${s.storeId}/products/${s.courseId}`, s.owner, { price: 5 })
    const cheap = (await offers(s, cartOf(s))).find((o) => o.id === fixed.id)
    expect(cheap).toMatchObject({ finalPrice: 0, savings: 5 })
  })
})

describe('bumps in the order', () => {
  it('charges one total for the product, shipping and two bumps, with a bump line each; tampering is ignored', async () => {
    const s = await shop()
    const cap = await bump(s, { discountType: 'PERCENTAGE', discountValue: 25, position: 'AFTER_SHIPPING' })
    const ebook = await bump(s, { productId: s.ebookId, discountType: 'FIXED', discountValue: 10.01 })
    const res = await req(
      'POST',
      '/api/checkout/create-order',
      undefined,
      physicalOrder(s, [cap.id, ebook.id, cap.id], {
        totalPrice: 1,
        items: [{ productId: s.mainId, price: 1, quantity: 1 }],
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const order = res.json()
    // 100 + 20 shipping + 30 (40 − 25 %) + 19,99 (30 − 10,01)
    expect(order.total).toBe(169.99)
    expect(order.paymentResult.amount).toBe(169.99)
    const db = t.runtime.db
    const charges = await db
      .selectFrom('payment_transactions')
      .selectAll()
      .where('order_ref', '=', order.orderId)
      .execute()
    expect(charges.map((c) => c.amount_cents)).toEqual([16999])
    const items = await db
      .selectFrom('order_items')
      .select(['product_id', 'unit_price_cents', 'bump_id'])
      .where('order_id', '=', order.orderId)
      .execute()
    expect(items.sort((a, b) => a.unit_price_cents - b.unit_price_cents)).toEqual([
      { product_id: s.ebookId, unit_price_cents: 1999, bump_id: ebook.id },
      { product_id: s.capId, unit_price_cents: 3000, bump_id: cap.id },
      { product_id: s.mainId, unit_price_cents: 10000, bump_id: null },
    ])
    expect(await stockOf(s, s.capId)).toBe(9)
  })

  it('refuses unknown, inactive, foreign and ineligible bump ids with a 400 and a message', async () => {
    const s = await shop()
    const other = await shop()
    const inactive = await bump(s, { active: false })
    const foreign = await bump(other, {})
    const gated = await bump(s, { minCartValue: 500, productId: s.ebookId })
    const physicalInDigital = await bump(s, {})
    for (const ids of [['00000000-0000-4000-8000-000000000000'], ['nope'], [inactive.id], [foreign.id], [gated.id]]) {
      const res = await req('POST', '/api/checkout/create-order', undefined, physicalOrder(s, ids))
      expect(res.statusCode, JSON.stringify(ids)).toBe(400)
      expect(res.json().message).toMatch(/ofertas adicionais/)
    }
    const digital = await req('POST', '/api/checkout/create-digital-order', undefined, {
      storeId: s.storeId,
      productId: s.courseId,
      customer,
      payment: { method: 'pix' },
      orderBumps: [physicalInDigital.id],
    })
    expect(digital.statusCode).toBe(400)
    expect(await stockOf(s, s.capId)).toBe(10)
  })

  it('never oversells a bump product: 20 buyers, bump stock 3', async () => {
    const s = await shop({ capStock: 3 })
    const cap = await bump(s, {})
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        req('POST', '/api/checkout/create-order', undefined, physicalOrder(s, [cap.id])),
      ),
    )
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 200)).toHaveLength(3)
    // the rest are refused (sold out, or no longer offered once the stock reached zero), never a 5xx
    expect(codes.every((c) => c === 200 || c === 409 || c === 400)).toBe(true)
    expect(await stockOf(s, s.capId)).toBe(0)
    expect(await stockOf(s, s.mainId)).toBe(47)
  })

  it('gives the bump stock back when the order is cancelled', async () => {
    const s = await shop()
    const cap = await bump(s, {})
    const res = await req('POST', '/api/checkout/create-order', undefined, physicalOrder(s, [cap.id]))
    expect(res.statusCode).toBe(200)
    expect(await stockOf(s, s.capId)).toBe(9)
    await t.runtime.db.transaction().execute((trx) => cancelOrder(trx, res.json().orderId, 'payment_expired'))
    expect(await stockOf(s, s.capId)).toBe(10)
    expect(await stockOf(s, s.mainId)).toBe(50)
  })
})

describe('digital bump delivery', () => {
  it('gives the digital bump’s access with the order once it is paid, not before', async () => {
    const s = await shop()
    const ebook = await bump(s, { productId: s.ebookId })
    const placed = await req('POST', '/api/checkout/create-order', undefined, physicalOrder(s, [ebook.id]))
    expect(placed.statusCode).toBe(200)
    const { orderId, paymentResult, orderPageUrl } = placed.json()
    const pageToken = new URL(orderPageUrl, 'http://x').searchParams.get('t') ?? ''
    const status = async () =>
      (await req('GET', `/api/checkout/order-status/${orderId}?t=${encodeURIComponent(pageToken)}`)).json().order
    expect((await status()).bumpAccess).toBeUndefined()
    await req('POST', `/sandbox/ativopay/v1/transactions/${paymentResult.gatewayId}/pay`)
    await waitFor(async () => (await status()).status === 'PAID')
    const order = await status()
    expect(order.bumpAccess).toHaveLength(1)
    expect(order.bumpAccess[0].productName).toBe('E-book')
    const download = await req('GET', order.bumpAccess[0].url)
    expect(download.statusCode).toBe(302)
    expect(download.headers.location).toBe('https://files.example.com/x.pdf')
    // the token is the order's: another item id of no bump leads nowhere
    const tampered = order.bumpAccess[0].url.replace(/item=[^&]+/, 'item=00000000-0000-4000-8000-000000000000')
    expect((await req('GET', tampered)).statusCode).toBe(404)
  })
})

describe('honest counters', () => {
  it('counts 100 display calls of one visit once, and conversions and paid revenue from orders', async () => {
    const s = await shop()
    const cap = await bump(s, { discountType: 'FIXED', discountValue: 10 })
    const url = `/api/stores/${s.storeId}/order-bumps/${cap.id}/display`
    const visit = { visitId: 'visit-0001-abcdef' }
    const calls = await Promise.all(Array.from({ length: 100 }, () => req('POST', url, undefined, visit)))
    expect(calls.every((c) => c.statusCode === 202)).toBe(true)
    await req('POST', url, undefined, { visitId: 'visit-0002-abcdef' })
    await req('POST', `/api/stores/${s.storeId}/order-bumps/${cap.id}/conversion`, undefined, visit)
    await req('POST', `/api/stores/${s.storeId}/order-bumps/${cap.id}/conversion`, undefined, visit)
    // unknown ids and malformed bodies are 4xx, never 5xx
    expect((await req('POST', `/api/stores/${s.storeId}/order-bumps/nope/display`, undefined, {})).statusCode).toBe(404)
    expect((await req('POST', url, undefined, { visitId: 5 })).statusCode).toBe(400)

    const placed = await req('POST', '/api/checkout/create-order', undefined, physicalOrder(s, [cap.id]))
    expect(placed.statusCode).toBe(200)
    await req('POST', '/api/checkout/create-order', undefined, physicalOrder(s, []))
    await t.drain()
    // the worker counts asynchronously (BullMQ): wait for the last counter, then read them all
    await waitFor(async () => {
      const b = await getBump(s, cap.id)
      return b.displayCount === 2 && b.addCount === 1 && b.conversionCount === 1
    })
    expect(await getBump(s, cap.id)).toMatchObject({
      displayCount: 2,
      addCount: 1,
      conversionCount: 1,
      revenue: 30,
      paidConversionCount: 0,
    })
    const pay = await req('POST', `/sandbox/ativopay/v1/transactions/${placed.json().paymentResult.gatewayId}/pay`)
    expect(pay.statusCode).toBeLessThan(300)
    await waitFor(async () => (await getBump(s, cap.id)).paidConversionCount === 1)
    const stats = (await req('GET', `/api/stores/${s.storeId}/order-bumps/stats`, s.owner)).json()
    expect(stats).toEqual({
      totalBumps: 1,
      activeBumps: 1,
      totalDisplays: 2,
      totalConversions: 1,
      conversionRate: 50,
      totalPaidConversions: 1,
      paidRevenue: 30,
    })
  })
})
