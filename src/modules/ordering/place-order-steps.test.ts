/** The pure steps of placing an order (no database): payment checks, rows, event and charge request. */
import { describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors'
import { orderPayloadSchema } from '../../shared/ordering'
import { priceOrder as priceBreakdown } from '../../shared/pricing'
import type { PricedBump } from '../marketing'
import type { CheckoutPayments, PublicPaymentMethods } from '../payments'
import { buildOrderRows } from './build-order-rows'
import { cardOf } from './place-order.dto'
import {
  METHOD_UNAVAILABLE,
  NOT_CONFIGURED,
  type PlaceOrderInput,
  type PricedOrder,
  requirePaymentMethod,
} from './price-order'

const methods: PublicPaymentMethods = {
  pix: { enabled: true, name: 'PIX', expirationDays: 1 },
  credit_card: { enabled: true, name: 'Cartão', maxInstallments: 6 },
  bank_slip: { enabled: false, name: 'Boleto', expirationDays: 3 },
}
const rules = { max: 6, interestFree: 1, monthlyRateBp: 299 }
const payments = {
  storeId: 'store-1',
  methods,
  config: undefined,
  pricing: { rules, discountBp: { PIX: 500, CREDIT_CARD: 0, BOLETO: 0 } },
} satisfies CheckoutPayments

const product = {
  id: 'prod-1',
  storeId: 'store-1',
  name: 'Camiseta',
  description: null,
  priceCents: 10_000,
  type: 'PHYSICAL' as const,
  stock: 5,
  imageUrl: '/img/camiseta.png',
  digitalFileUrl: null,
  weightGrams: null,
  heightCm: null,
  widthCm: null,
  lengthCm: null,
  stampPdfs: false,
}
const bump: PricedBump = {
  bumpId: 'bump-1',
  title: 'Leve também o boné',
  productId: 'prod-2',
  name: 'Boné',
  imageUrl: null,
  type: 'PHYSICAL',
  unitPriceCents: 3_333,
  quantity: 1,
}
const shipping = { optionId: 'opt-1', name: 'Sedex', priceCents: 2_000, estimatedDelivery: '3 dias úteis' }
const address = {
  street: 'Avenida Paulista',
  number: '1000',
  complement: null,
  neighborhood: null,
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310100',
}
const SESSION = '0b9a3f1e-5c2d-4e6f-8a7b-1c2d3e4f5a6b'
const ids = { orderId: 'order-1', transactionId: 'tx-1', createdAt: new Date('2026-11-28T12:00:00Z') }

function inputWith(payment: Record<string, unknown>): PlaceOrderInput {
  const payload = orderPayloadSchema.parse({
    storeId: 'store-1',
    productId: 'prod-1',
    customer: { name: 'Maria Silva', email: 'Maria@Example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    shipping: {
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
      method: 'opt-1',
    },
    payment,
    couponCode: 'BEMVINDO',
    checkoutSessionId: SESSION,
  })
  return { kind: 'PHYSICAL', payload, ip: '203.0.113.9', userAgent: 'x'.repeat(600) }
}

function priced(over: Partial<PricedOrder> = {}): PricedOrder {
  const method = over.paymentMethod ?? 'PIX'
  const installments = over.installments ?? 1
  const chargeMethod = method === 'BANK_SLIP' ? 'BOLETO' : method
  const price = priceBreakdown({
    lines: [
      { productId: product.id, amountCents: product.priceCents, bump: false },
      { productId: bump.productId, amountCents: bump.unitPriceCents, bump: true },
    ],
    coupon: { type: 'PERCENTAGE', value: 1000, productIds: [], appliesToBumps: true },
    methodDiscountBp: payments.pricing.discountBp[chargeMethod],
    shippingCents: shipping.priceCents,
    installments,
    rules,
  })
  return {
    product,
    quantity: 1,
    payments,
    paymentMethod: method,
    installments,
    bumps: [bump],
    shipping,
    address,
    coupon: {
      couponId: 'coupon-1',
      code: 'BEMVINDO',
      pricing: { type: 'PERCENTAGE', value: 1000, productIds: [], appliesToBumps: true },
    },
    price,
    ...over,
  }
}

const pix = { method: 'pix' }
const card = {
  method: 'credit_card',
  cardName: ' MARIA SILVA ',
  cardNumber: '4111 1111 1111 1111',
  expiryDate: '12/39',
  cvv: '123',
  installments: 3,
}

function thrown(fn: () => unknown): AppError {
  try {
    fn()
  } catch (err) {
    if (err instanceof AppError) return err
    throw err
  }
  throw new Error('did not throw')
}

describe('requirePaymentMethod', () => {
  it('refuses a store with no method, a disabled method and a plan above the store maximum', () => {
    const none = {
      pix: { ...methods.pix, enabled: false },
      credit_card: { ...methods.credit_card, enabled: false },
      bank_slip: methods.bank_slip,
    }
    expect(thrown(() => requirePaymentMethod(none, 'pix')).message).toBe(NOT_CONFIGURED)
    const off = thrown(() => requirePaymentMethod(methods, 'bank_slip'))
    expect([off.statusCode, off.message, off.errors]).toEqual([
      422,
      METHOD_UNAVAILABLE,
      { 'payment.method': METHOD_UNAVAILABLE },
    ])
    expect(thrown(() => requirePaymentMethod(methods, 'credit_card', 7)).statusCode).toBe(400)
    expect(() => requirePaymentMethod(methods, 'credit_card', 6)).not.toThrow()
    expect(() => requirePaymentMethod(methods, 'pix')).not.toThrow()
  })
})

describe('cardOf', () => {
  it('sends digits only, a trimmed holder and a four-digit year; nothing for other methods', () => {
    const input = inputWith(card)
    expect(cardOf(input.payload.payment)).toEqual({
      number: '4111111111111111',
      holderName: 'MARIA SILVA',
      expMonth: 12,
      expYear: 2039,
      cvv: '123',
      // Kept for the next purchase unless the buyer unticked 'Salvar cartão' (saveCard: false).
      save: true,
    })
    expect(cardOf({ ...input.payload.payment, saveCard: false })?.save).toBe(false)
    expect(cardOf(inputWith(pix).payload.payment)).toBeUndefined()
  })
})

describe('buildOrderRows', () => {
  it('writes an order whose amounts are the priced ones and whose items carry their share of the discounts', () => {
    const p = priced()
    const rows = buildOrderRows(p, inputWith(pix), ids)
    expect(rows.order).toMatchObject({
      id: 'order-1',
      store_id: 'store-1',
      customer_email: 'maria@example.com',
      customer_document: '52998224725',
      shipping_address: address,
      shipping_option_id: 'opt-1',
      shipping_method: 'Sedex',
      subtotal_cents: 13_333,
      shipping_cents: 2_000,
      total_cents: p.price.totalCents,
      coupon_code: 'BEMVINDO',
      coupon_discount_cents: p.price.couponDiscountCents,
      method_discount_cents: p.price.methodDiscountCents,
      installments: null,
      installment_cents: null,
      transaction_id: 'tx-1',
      client_ip: '203.0.113.9',
      checkout_session_id: SESSION,
      created_at: ids.createdAt,
    })
    expect(rows.order.user_agent).toHaveLength(500)
    expect(
      rows.items.map((i) => [i.product_id, i.unit_price_cents, i.total_cents, i.discount_cents, i.bump_id]),
    ).toEqual([
      ['prod-1', 10_000, 10_000, p.price.lineDiscountsCents[0], undefined],
      ['prod-2', 3_333, 3_333, p.price.lineDiscountsCents[1], 'bump-1'],
    ])
    const discounts = p.price.couponDiscountCents + p.price.methodDiscountCents
    expect(rows.items.reduce((s, i) => s + i.total_cents - (i.discount_cents ?? 0), 0)).toBe(13_333 - discounts)
  })

  it('announces a PIX order with its net unit prices, and leaves a card order to announce itself after the charge', () => {
    const p = priced()
    const placed = buildOrderRows(p, inputWith(pix), ids).placed
    expect(placed).toMatchObject({
      orderId: 'order-1',
      orderNumber: '#0',
      totalCents: p.price.totalCents,
      paymentMethod: 'PIX',
      customer: { email: 'maria@example.com' },
      placedAt: '2026-11-28T12:00:00.000Z',
      checkoutSessionId: SESSION,
    })
    expect(placed?.items.map((i) => i.unitPriceCents)).toEqual([
      10_000 - (p.price.lineDiscountsCents[0] ?? 0),
      3_333 - (p.price.lineDiscountsCents[1] ?? 0),
    ])
    const cardRows = buildOrderRows(priced({ paymentMethod: 'CREDIT_CARD', installments: 3 }), inputWith(card), ids)
    expect(cardRows.placed).toBeUndefined()
  })

  it('asks a charge whose lines sum to the amount, with shipping, interest, the card and the plan', () => {
    const p = priced({ paymentMethod: 'CREDIT_CARD', installments: 3 })
    expect(p.price.interestCents).toBeGreaterThan(0)
    const rows = buildOrderRows(p, inputWith(card), ids)
    const { charge } = rows
    expect(charge).toMatchObject({
      storeId: 'store-1',
      orderRef: 'order-1',
      transactionId: 'tx-1',
      amountCents: p.price.totalCents,
      method: 'CREDIT_CARD',
      installments: 3,
      ip: '203.0.113.9',
      customer: { email: 'Maria@Example.com', document: '52998224725' },
    })
    expect(charge.card?.number).toBe('4111111111111111')
    expect(charge.items.map((i) => i.externalRef)).toEqual(['prod-1', 'prod-2', 'shipping', 'interest'])
    expect(charge.items.reduce((s, i) => s + i.unitPriceCents * i.quantity, 0)).toBe(p.price.totalCents)
    expect(rows.order).toMatchObject({ installments: 3, installment_cents: p.price.installmentCents })
  })

  it('takes stock of the physical lines (the product first) and claims the coupon at the discount priced', () => {
    const p = priced()
    const rows = buildOrderRows(p, inputWith(pix), ids)
    expect(rows.stock).toEqual([
      { productId: 'prod-1', quantity: 1 },
      { productId: 'prod-2', quantity: 1, bumpTitle: 'Leve também o boné' },
    ])
    expect(rows.coupon).toEqual({
      couponId: 'coupon-1',
      orderId: 'order-1',
      storeId: 'store-1',
      email: 'Maria@Example.com',
      discountCents: p.price.couponDiscountCents,
      totalCents: p.price.totalCents,
    })
    const digital = buildOrderRows(
      priced({ product: { ...product, type: 'DIGITAL' }, bumps: [], coupon: null, shipping: undefined, address: null }),
      inputWith(pix),
      ids,
    )
    expect([digital.stock, digital.coupon, digital.order.shipping_cents]).toEqual([[], null, 0])
  })
})
