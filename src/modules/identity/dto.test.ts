import { describe, expect, it } from 'vitest'
import type { StoreFigures } from './dto'
import { toUserDetailsDto } from './dto'
import type { UserRow } from './repository'

const user = {
  id: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  role: 'USER',
  status: 'ACTIVE',
  created_at: new Date('2026-01-02T03:04:05Z'),
} as UserRow
const figures = (f: Partial<StoreFigures>): StoreFigures => ({
  totalOrders: 0,
  totalRevenueCents: 0,
  products: [],
  productCount: 0,
  recentOrders: [],
  ...f,
})

describe('the admin user details answer', () => {
  it('sums the stores in cents and shows reais once: no float drift in the totals or the average', () => {
    const dto = toUserDetailsDto(user, [
      {
        store: { id: 's1', name: 'A', status: 'ACTIVE' },
        figures: figures({
          totalOrders: 2,
          totalRevenueCents: 1010,
          productCount: 4,
          products: ['p1', 'p2', 'p3', 'p4'].map((id) => ({ id, name: id, priceCents: 5990 })),
          recentOrders: [{ createdAt: '2026-03-01T12:00:00.000Z' }],
        }),
      },
      {
        store: { id: 's2', name: 'B', status: 'INACTIVE' },
        figures: figures({ totalOrders: 1, totalRevenueCents: 2020 }),
      },
    ])
    // 10.10 + 20.20 in float reais is 30.299999999999997.
    expect(dto.summary).toEqual({ totalRevenue: 30.3, totalOrders: 3, totalProducts: 4, averageOrderValue: 10.1 })
    expect(dto.stores[0]).toMatchObject({ totalRevenue: 10.1, productCount: 4, lastSaleAt: '2026-03-01T12:00:00.000Z' })
    expect(dto.stores[0].products).toEqual([
      { id: 'p1', name: 'p1', price: 59.9 },
      { id: 'p2', name: 'p2', price: 59.9 },
      { id: 'p3', name: 'p3', price: 59.9 },
    ])
    expect(dto.stores[1]).toMatchObject({ totalRevenue: 20.2, lastSaleAt: null, products: [] })
  })

  it('a user without sales has a zero average, not a division by zero', () => {
    const dto = toUserDetailsDto(user, [{ store: { id: 's1', name: 'A', status: 'ACTIVE' }, figures: figures({}) }])
    expect(dto.summary).toEqual({ totalRevenue: 0, totalOrders: 0, totalProducts: 0, averageOrderValue: 0 })
    expect(dto.user).toMatchObject({ id: 'u1', createdAt: '2026-01-02T03:04:05.000Z' })
  })
})
