import { toReais } from '../../shared/money'
import type { UserRow } from './repository'

/** Figures one module knows about a set of stores (money in integer cents); other modules contribute theirs. */
export interface StoreFigures {
  totalOrders: number
  totalRevenueCents: number
  products: { id: string; name: string; priceCents: number }[]
  productCount: number
  recentOrders: { createdAt: string }[]
}

export function toUserDto(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }
}

/** A store as the admin's user details list it: its status and what the other modules counted (cents in). */
interface StoreWithFigures {
  store: { id: string; name: string; status: string }
  figures: StoreFigures
}

/** GET /admin/users/:id: the user, their stores and the summary, summed in cents and shown in reais. */
export function toUserDetailsDto(user: UserRow, stores: StoreWithFigures[]) {
  const revenueCents = stores.reduce((sum, s) => sum + s.figures.totalRevenueCents, 0)
  const totalOrders = stores.reduce((sum, s) => sum + s.figures.totalOrders, 0)
  return {
    user: toUserDto(user),
    summary: {
      totalRevenue: toReais(revenueCents),
      totalOrders,
      totalProducts: stores.reduce((sum, s) => sum + s.figures.productCount, 0),
      averageOrderValue: totalOrders ? toReais(Math.round(revenueCents / totalOrders)) : 0,
    },
    stores: stores.map(({ store, figures: f }) => ({
      id: store.id,
      name: store.name,
      status: store.status,
      totalOrders: f.totalOrders,
      totalRevenue: toReais(f.totalRevenueCents),
      productCount: f.productCount,
      products: f.products.slice(0, 3).map((p) => ({ id: p.id, name: p.name, price: toReais(p.priceCents) })),
      recentOrders: f.recentOrders,
      lastSaleAt: f.recentOrders[0]?.createdAt ?? null,
    })),
  }
}
