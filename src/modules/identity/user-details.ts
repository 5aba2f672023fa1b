import type { Db as AnyDb } from '../../platform/db'
import { storesService } from '../stores'
import { toUserDto } from './dto'
import type { UserRow } from './repository'
import type { Db } from './tables'

/** Figures one module knows about a set of stores; other modules contribute theirs (products, orders). */
export interface StoreFigures {
  totalOrders: number
  totalRevenue: number
  products: { id: string; name: string; price: number }[]
  productCount: number
  recentOrders: { createdAt: string }[]
}

export type StoreFiguresSource = (db: AnyDb, storeIds: string[]) => Promise<Map<string, Partial<StoreFigures>>>

/** `sources`: catalog's and ordering's figures, handed in where the modules are composed (modules/index.ts). */
export async function userDetails(db: Db, user: UserRow, sources: StoreFiguresSource[]) {
  const stores = await storesService.listStoresByUser(db, user.id)
  const ids = stores.map((s) => s.id)
  const contributed = ids.length ? await Promise.all(sources.map((s) => s(db, ids))) : []
  const figures = (id: string): StoreFigures => {
    const merged: StoreFigures = { totalOrders: 0, totalRevenue: 0, products: [], productCount: 0, recentOrders: [] }
    for (const m of contributed) Object.assign(merged, m.get(id))
    return merged
  }
  const storeDtos = stores.map((s) => {
    const f = figures(s.id)
    return {
      id: s.id,
      name: s.name,
      status: s.status,
      totalOrders: f.totalOrders,
      totalRevenue: f.totalRevenue,
      productCount: f.productCount,
      products: f.products.slice(0, 3),
      recentOrders: f.recentOrders,
      lastSaleAt: f.recentOrders[0]?.createdAt ?? null,
    }
  })
  const totalRevenue = storeDtos.reduce((sum, s) => sum + s.totalRevenue, 0)
  const totalOrders = storeDtos.reduce((sum, s) => sum + s.totalOrders, 0)
  return {
    user: toUserDto(user),
    summary: {
      totalRevenue: Math.round(totalRevenue * 100) / 100,
      totalOrders,
      totalProducts: storeDtos.reduce((sum, s) => sum + s.productCount, 0),
      averageOrderValue: totalOrders ? Math.round((totalRevenue / totalOrders) * 100) / 100 : 0,
    },
    stores: storeDtos,
  }
}
