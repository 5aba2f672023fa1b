/** Programs and affiliations: the producer opens a product to affiliates, an account asks to promote it. */
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { AppError } from '../../platform/errors'
import {
  AFFILIATE_MESSAGES,
  type AffiliateProgram,
  type Affiliation,
  type affiliateProgramSchema,
  type MarketplaceItem,
  type StoreAffiliation,
} from '../../shared/affiliates'
import { isUuid } from '../../shared/ids'
import { catalogService } from '../catalog'
import { identityService } from '../identity'
import { storesService } from '../stores'
import { checkShares } from './coproducers'
import { toAffiliation, toProgram, toStoreAffiliation } from './dto'
import * as repo from './repository'
import type { Db, DbOrTrx } from './tables'

async function requireProduct(db: DbOrTrx, storeId: string, productId: string) {
  const product = isUuid(productId) ? await catalogService.findProduct(db, storeId, productId) : undefined
  if (!product) throw new AppError(404, AFFILIATE_MESSAGES.productNotFound)
  return product
}

export async function readProgram(db: Db, storeId: string, productId: string): Promise<AffiliateProgram> {
  await requireProduct(db, storeId, productId)
  const row = await repo.findProgram(db, storeId, productId)
  if (!row) throw new AppError(404, AFFILIATE_MESSAGES.programNotFound)
  return toProgram(row)
}

/** Saves the program; orders already attributed keep the commission of their moment (attributions snapshot it). */
export async function saveProgram(
  db: Db,
  storeId: string,
  productId: string,
  input: z.output<typeof affiliateProgramSchema>,
): Promise<AffiliateProgram> {
  await requireProduct(db, storeId, productId)
  await checkShares(db, storeId, productId, { commissionBps: input.commissionBps })
  return toProgram(await repo.upsertProgram(db, { storeId, productId, ...input }))
}

/** Names of products across stores, asked of the catalog store by store. */
async function productNames(db: DbOrTrx, rows: { store_id: string; product_id: string }[]) {
  const byStore = new Map<string, string[]>()
  for (const r of rows) byStore.set(r.store_id, [...(byStore.get(r.store_id) ?? []), r.product_id])
  const names = new Map<string, string>()
  for (const [storeId, ids] of byStore)
    for (const p of await catalogService.findProducts(db, storeId, ids)) names.set(p.id, p.name)
  return names
}

export async function marketplace(db: Db, page: repo.Page): Promise<MarketplaceItem[]> {
  const rows = await repo.openPrograms(db, page)
  const out: MarketplaceItem[] = []
  for (const r of rows) {
    const product = await catalogService.findProduct(db, r.store_id, r.product_id)
    if (!product) continue
    out.push({
      storeId: r.store_id,
      productId: r.product_id,
      productName: product.name,
      priceCents: product.priceCents,
      commissionBps: r.commission_bps,
      cookieDays: r.cookie_days,
      autoApprove: r.auto_approve,
    })
  }
  return out
}

/** Any account asks to promote an open product (not its own): ACTIVE at once when the program approves itself. */
export async function requestAffiliation(db: Db, userId: string, productId: string): Promise<Affiliation> {
  if (!isUuid(productId)) throw new AppError(404, AFFILIATE_MESSAGES.programClosed)
  const program = await repo.findOpenProgram(db, productId)
  if (!program) throw new AppError(404, AFFILIATE_MESSAGES.programClosed)
  const store = await storesService.findStoreById(db, program.store_id)
  if (store?.user_id === userId)
    throw new AppError(400, AFFILIATE_MESSAGES.ownProduct, { productId: AFFILIATE_MESSAGES.ownProduct })
  const product = await requireProduct(db, program.store_id, productId)
  const row = await repo.insertAffiliation(db, {
    storeId: program.store_id,
    productId,
    userId,
    code: randomBytes(9).toString('base64url'),
    status: program.auto_approve ? 'ACTIVE' : 'PENDING',
  })
  if (!row) throw new AppError(409, AFFILIATE_MESSAGES.alreadyAffiliated)
  return toAffiliation({ ...row, commission_bps: program.commission_bps }, product.name)
}

export async function myAffiliations(db: Db, userId: string, page: repo.Page) {
  const rows = await repo.userAffiliations(db, userId, page)
  const names = await productNames(db, rows)
  return rows.map((r) => ({ ...toAffiliation(r, names.get(r.product_id) ?? ''), clicks: Number(r.clicks ?? 0) }))
}

export async function storeAffiliations(
  db: Db,
  storeId: string,
  page: repo.Page,
  only: { productId?: string; id?: string } = {},
): Promise<StoreAffiliation[]> {
  if ((only.productId && !isUuid(only.productId)) || (only.id && !isUuid(only.id))) return []
  const rows = await repo.storeAffiliations(db, storeId, page, only)
  const names = await productNames(db, rows)
  const users = new Map(
    (await identityService.describeUsers(db, [...new Set(rows.map((r) => r.user_id))])).map((u) => [u.id, u]),
  )
  return rows.map((r) =>
    toStoreAffiliation(r, names.get(r.product_id) ?? '', {
      name: users.get(r.user_id)?.name ?? '',
      email: users.get(r.user_id)?.email ?? '',
    }),
  )
}

/** The producer approves, refuses or blocks; another store's affiliation is 404 like a missing one. */
export async function changeAffiliation(
  db: Db,
  storeId: string,
  id: string,
  status: 'ACTIVE' | 'REFUSED' | 'BLOCKED',
): Promise<StoreAffiliation> {
  const row = isUuid(id) ? await repo.setAffiliationStatus(db, storeId, id, status) : undefined
  if (!row) throw new AppError(404, AFFILIATE_MESSAGES.affiliationNotFound)
  const [updated] = await storeAffiliations(db, storeId, { limit: 1, offset: 0 }, { id: row.id })
  if (!updated) throw new AppError(404, AFFILIATE_MESSAGES.affiliationNotFound)
  return updated
}
