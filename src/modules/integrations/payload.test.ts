import { describe, expect, it } from 'vitest'
import type { OrderSnapshot } from '../ordering'
import { buildOrderBody, utmifyDate } from './payload'

const order: OrderSnapshot = {
  id: '6f1d2c1e-1111-4222-8333-444455556666',
  storeId: 'store',
  orderNumber: '#1001',
  status: 'PAID',
  productType: 'PHYSICAL',
  paymentMethod: 'BANK_SLIP',
  installments: null,
  subtotalCents: 19980,
  shippingCents: 1500,
  couponCode: null,
  couponDiscountCents: 0,
  methodDiscountCents: 0,
  methodDiscountBp: 0,
  interestRateBp: 0,
  interestCents: 0,
  totalCents: 21480,
  customer: { name: 'João', email: 'joao@example.com', phone: '(21) 99876-5432', document: '529.982.247-25' },
  shippingAddress: null,
  items: [
    { productId: 'p1', name: 'Tênis', quantity: 1, unitPriceCents: 14990, totalCents: 14990 },
    { productId: 'p2', name: 'Meia (oferta)', quantity: 1, unitPriceCents: 4990, totalCents: 4990 },
  ],
  tracking: { utm_source: 'google', fbp: 'fb.1.1.2' },
  clientIp: '200.100.50.25',
  userAgent: null,
  sandbox: false,
  createdAt: new Date('2026-11-23T02:30:05.123Z'),
  paidAt: new Date('2026-11-23T03:00:00.000Z'),
  cancelledAt: null,
}

describe('UTMify order body', () => {
  it('writes dates as UTC YYYY-MM-DD HH:MM:SS', () => {
    expect(utmifyDate(new Date('2026-11-23T02:30:05.999Z'))).toBe('2026-11-23 02:30:05')
  })

  it('sends every item, the whole total as commission, digits-only contact and only UTM parameters', () => {
    const body = buildOrderBody(order, 'paid')
    expect(body).toMatchObject({
      orderId: order.id,
      platform: 'dexter',
      paymentMethod: 'boleto',
      status: 'paid',
      createdAt: '2026-11-23 02:30:05',
      approvedDate: '2026-11-23 03:00:00',
      refundedAt: null,
      customer: { phone: '21998765432', document: '52998224725', country: 'BR', ip: '200.100.50.25' },
      commission: { totalPriceInCents: 21480, gatewayFeeInCents: 0, userCommissionInCents: 21480, currency: 'BRL' },
      isTest: false,
    })
    expect(body.products.map((p) => p.priceInCents)).toEqual([14990, 4990])
    expect(body.trackingParameters).toEqual({
      src: null,
      sck: null,
      utm_source: 'google',
      utm_campaign: null,
      utm_medium: null,
      utm_content: null,
      utm_term: null,
    })
  })

  it('keeps createdAt on every status and dates a refund', () => {
    const waiting = buildOrderBody({ ...order, paidAt: null }, 'waiting_payment')
    const refunded = buildOrderBody(order, 'refunded', { refundedAt: new Date('2026-11-30T10:00:00Z') })
    expect(waiting.createdAt).toBe(refunded.createdAt)
    expect(waiting.approvedDate).toBeNull()
    expect(refunded.refundedAt).toBe('2026-11-30 10:00:00')
    expect(refunded.approvedDate).toBe('2026-11-23 03:00:00')
  })
})
