import type { Db as AnyDb } from '../../platform/db'
import { storesService } from '../stores'
import { type StoreFigures, toUserDetailsDto } from './dto'
import type { UserRow } from './repository'
import type { Db } from './tables'

export type StoreFiguresSource = (db: AnyDb, storeIds: string[]) => Promise<Map<string, Partial<StoreFigures>>>

const NO_FIGURES: StoreFigures = {
  totalOrders: 0,
  totalRevenueCents: 0,
  products: [],
  productCount: 0,
  recentOrders: [],
}

/**
 * The admin's view of a user and their stores. `sources`: catalog's and ordering's figures, handed in where the
 * modules are composed (modules/index.ts); the sums stay in cents until dto.ts turns them into reais.
 */
export async function userDetails(db: Db, user: UserRow, sources: StoreFiguresSource[]) {
  const stores = await storesService.listStoresByUser(db, user.id)
  const ids = stores.map((s) => s.id)
  const contributed = ids.length ? await Promise.all(sources.map((s) => s(db, ids))) : []
  const withFigures = stores.map((store) => {
    const figures = { ...NO_FIGURES }
    for (const m of contributed) Object.assign(figures, m.get(store.id))
    return { store, figures }
  })
  return toUserDetailsDto(user, withFigures)
}
