import { describe, expect, it } from 'vitest'
import { toOrderSummary } from '../../shared/orders-list'
import type { RecentOrderFacts } from '../ordering'
import { type Figures, toAdminDashboardDto, toRecentOrderDto, toStoreDashboardDto } from './dto'

const figures = (f: Partial<Figures>): Figures => ({
  orders: 0,
  paidCount: 0,
  paidCents: 0,
  pendingCount: 0,
  pendingCents: 0,
  cancelledCount: 0,
  deliveredCount: 0,
  byMethod: {},
  ...f,
})
const recent: RecentOrderFacts = {
  id: 'o1',
  orderNumber: '#1001',
  customerName: 'Ana',
  items: [{ name: 'Caneca', quantity: 1 }],
  paymentMethod: 'PIX',
  createdAt: new Date('2026-03-01T12:00:00Z'),
  totalCents: 4990,
  status: 'PAID',
  chargeback: false,
  refundedCents: 0,
}

describe('reporting answers, from figures in cents', () => {
  it('a recent order shows its total in reais and its instant in ISO', () => {
    expect(toRecentOrderDto(recent)).toEqual({
      id: 'o1',
      orderNumber: '#1001',
      customerName: 'Ana',
      items: [{ name: 'Caneca', quantity: 1 }],
      paymentMethod: 'PIX',
      createdAt: '2026-03-01T12:00:00.000Z',
      total: 49.9,
      status: 'PAID',
      chargeback: false,
      refunded: 0,
    })
    expect(toRecentOrderDto({ ...recent, storeName: 'Loja' }).storeName).toBe('Loja')
  })

  it('the store dashboard: sums, average in whole cents, rates and trends', () => {
    const cur = figures({
      orders: 4,
      paidCount: 3,
      paidCents: 1000,
      pendingCount: 1,
      pendingCents: 990,
      byMethod: {
        PIX: { count: 3, paidCount: 2, paidCents: 700 },
        CREDIT_CARD: { count: 1, paidCount: 1, paidCents: 300 },
      },
    })
    const dto = toStoreDashboardDto({
      period: '30days',
      range: { from: null, to: new Date('2026-03-02T03:00:00Z') },
      cur,
      prev: figures({ orders: 2, paidCount: 2, paidCents: 500 }),
      buyers: { active: 3, returning: 1 },
      newBuyers: { now: 2, before: 1 },
      totalProducts: 5,
      revenueByMonth: [{ month: '2026-03', cents: 1000 }],
      recent: [recent],
    })
    expect(dto.metrics).toMatchObject({
      totalRevenue: 19.9,
      paidRevenue: 10,
      pendingRevenue: 9.9,
      // 1000 / 3 = 333.33… cents: 3,33
      averageOrderValue: 3.33,
      conversionRate: 75,
      pixOrdersCount: 3,
      cardOrdersCount: 1,
      revenueByMonth: [{ month: '2026-03', revenue: 10 }],
      recentOrders: [expect.objectContaining({ total: 49.9 })],
      trends: { revenue: 100, orders: 100, averageOrderValue: 33.2, customers: 100 },
    })
    expect(dto.range).toEqual({ from: null, to: '2026-03-02T03:00:00.000Z' })
  })

  it('the admin dashboard: the platform fee in whole cents, the methods by paid revenue', () => {
    const dto = toAdminDashboardDto({
      period: '30days',
      cur: figures({
        orders: 3,
        paidCount: 3,
        paidCents: 12345,
        deliveredCount: 1,
        byMethod: {
          PIX: { count: 1, paidCount: 1, paidCents: 345 },
          BANK_SLIP: { count: 2, paidCount: 2, paidCents: 12000 },
        },
      }),
      prev: undefined,
      topStores: [{ id: 's1', name: 'Loja', owner: 'Ana', cents: 12345, orders: 3 }],
      recent: [],
      users: 2,
      stores: 1,
      activeStores: 1,
      newUsers: { now: 1, before: 0 },
      newStores: { now: 1, before: 1 },
      averageRating: null,
    })
    // 5% of 123,45 = 6,1725: 6,17
    expect(dto.systemMetrics).toMatchObject({ totalRevenue: 123.45, platformFee: 6.17, averageOrderValue: 41.15 })
    expect(dto.systemMetrics.paymentMethods.map((m) => [m.type, m.value])).toEqual([
      ['BANK_SLIP', 120],
      ['PIX', 3.45],
    ])
    expect(dto.systemMetrics.deliveryRate).toBe(33.3)
    expect(dto.topStores).toEqual([{ id: 's1', name: 'Loja', owner: 'Ana', revenue: 123.45, orders: 3 }])
  })

  it('the orders page cards', () => {
    expect(toOrderSummary({ total: 3, paidCents: 1010, pending: 1, processing: 0 })).toEqual({
      total: 3,
      paidRevenue: 10.1,
      pending: 1,
      processing: 0,
    })
  })
})
