/** Order bump rules: the merchant's CRUD with spec 002 §5, the public offer, and the priced lines of an order. */
import { createHash } from 'node:crypto'
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import { STORE_NOT_FOUND } from '../../platform/store-guard'
import { isUuid } from '../../shared/ids'
import {
  BUMP_MESSAGES,
  BUMPS_PER_ORDER_MAX,
  type BumpCalculateRequest,
  type BumpOffer,
  type BumpPatch,
  type BumpPosition,
  type BumpStats,
  type BumpValues,
  bumpInputSchema,
  type OrderBump,
} from '../../shared/marketing'
import { toCents, toReais } from '../../shared/money'
import { type CatalogProduct, catalogService } from '../catalog'
import { storesService } from '../stores'
import { discountValueOf, type PricedBump, toBumpDto, toBumpStatsDto, toOfferDto, toPricedBump } from './dto'

export type { PricedBump }

import { bumpAdded, bumpDisplayed } from './events'
import { type CartFacts, isEligible, priceBump } from './pricing'
import * as repo from './repository'
import type { Db, DbOrTrx, Trx } from './tables'

/** A zod failure as the API's 400: the first message on top, one message per field. */
function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const errors: Record<string, string> = {}
  for (const issue of issues) errors[issue.path.join('.') || '_'] ??= issue.message
  return new AppError(400, Object.values(errors)[0] ?? 'Dados inválidos', errors)
}

async function productsById(db: DbOrTrx, storeId: string, ids: string[]) {
  const unique = [...new Set(ids.filter(isUuid))]
  const products = unique.length ? await catalogService.findProducts(db, storeId, unique) : []
  return new Map(products.map((p) => [p.id, p]))
}

/** Cents for the row; the product (same store) and the showOnProducts ids (same store) are checked here. */
async function toRow(db: DbOrTrx, storeId: string, v: BumpValues) {
  const products = await productsById(db, storeId, [v.productId, ...v.showOnProducts])
  const product = products.get(v.productId)
  if (!product) throw new AppError(404, BUMP_MESSAGES.productNotFound, { productId: BUMP_MESSAGES.productNotFound })
  const showOn = [...new Set(v.showOnProducts)]
  if (showOn.some((id) => !products.has(id)))
    throw new AppError(404, BUMP_MESSAGES.productNotFound, { showOnProducts: BUMP_MESSAGES.productNotFound })
  const discountValue =
    v.discountType === 'NONE' || v.discountValue == null
      ? null
      : v.discountType === 'PERCENTAGE'
        ? Math.round(v.discountValue * 100)
        : toCents(v.discountValue)
  if (v.discountType === 'FIXED' && discountValue != null && discountValue >= product.priceCents)
    throw new AppError(400, BUMP_MESSAGES.discountOverPrice, { discountValue: BUMP_MESSAGES.discountOverPrice })
  const cents = (n: number | null | undefined) => (n == null ? null : toCents(n))
  return {
    row: {
      product_id: product.id,
      title: v.title,
      description: v.description ?? null,
      discount_type: v.discountType,
      discount_value: discountValue,
      original_price_cents: cents(v.originalPrice),
      position: v.position,
      template: v.template,
      button_text: v.buttonText ?? null,
      button_color: v.buttonColor,
      active: v.active,
      min_cart_cents: cents(v.minCartValue),
      max_cart_cents: cents(v.maxCartValue),
      show_on_products: showOn,
    },
    product,
  }
}

export async function createBump(db: Db, storeId: string, values: BumpValues): Promise<OrderBump> {
  const { row, product } = await toRow(db, storeId, values)
  return toBumpDto(await repo.insertBump(db, { ...row, store_id: storeId }), product)
}

export async function updateBump(db: Db, storeId: string, id: string, patch: BumpPatch) {
  const current = isUuid(id) ? await repo.findBump(db, storeId, id) : undefined
  if (!current) return undefined
  const merged = {
    title: current.title,
    description: current.description,
    productId: current.product_id,
    discountType: current.discount_type,
    discountValue: discountValueOf(current),
    originalPrice: current.original_price_cents == null ? null : toReais(current.original_price_cents),
    position: current.position,
    template: current.template,
    buttonText: current.button_text,
    buttonColor: current.button_color,
    active: current.active,
    minCartValue: current.min_cart_cents == null ? null : toReais(current.min_cart_cents),
    maxCartValue: current.max_cart_cents == null ? null : toReais(current.max_cart_cents),
    showOnProducts: current.show_on_products,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  }
  const parsed = bumpInputSchema.safeParse(merged)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const { row, product } = await toRow(db, storeId, parsed.data)
  const updated = await repo.updateBump(db, storeId, id, row)
  return updated && toBumpDto(updated, product)
}

export async function getBump(db: Db, storeId: string, id: string) {
  const row = isUuid(id) ? await repo.findBump(db, storeId, id) : undefined
  if (!row) return undefined
  return toBumpDto(row, await catalogService.findProduct(db, storeId, row.product_id))
}

export async function deleteBump(db: Db, storeId: string, id: string) {
  return isUuid(id) && repo.deleteBump(db, storeId, id)
}

export async function listBumps(db: Db, storeId: string, page: { limit: number; offset: number }) {
  const rows = await repo.listBumps(db, storeId, page)
  const products = await productsById(
    db,
    storeId,
    rows.map((r) => r.product_id),
  )
  return rows.map((r) => toBumpDto(r, products.get(r.product_id)))
}

export async function bumpStats(db: Db, storeId: string): Promise<BumpStats> {
  return toBumpStatsDto(await repo.bumpTotals(db, storeId))
}

// ───────── the buyer's side

/** The cart as the server sees it: only this store's products, at database prices. */
async function cartFacts(db: DbOrTrx, storeId: string, items: { productId: string; quantity: number }[]) {
  const products = await productsById(
    db,
    storeId,
    items.map((i) => i.productId),
  )
  const facts: CartFacts = { productIds: new Set(), totalCents: 0, hasPhysical: false }
  for (const item of items) {
    const p = products.get(item.productId)
    if (!p) continue
    facts.productIds.add(p.id)
    facts.totalCents += p.priceCents * item.quantity
    if (p.type === 'PHYSICAL') facts.hasPhysical = true
  }
  return facts
}

interface Offered {
  row: repo.BumpRow
  product: CatalogProduct
  price: ReturnType<typeof priceBump>
}

async function eligibleBumps(
  db: DbOrTrx,
  storeId: string,
  rows: repo.BumpRow[],
  cart: CartFacts,
  position?: BumpPosition,
): Promise<Offered[]> {
  const products = await productsById(
    db,
    storeId,
    rows.map((r) => r.product_id),
  )
  const offered: Offered[] = []
  for (const row of rows) {
    const product = products.get(row.product_id)
    if (!product || !isEligible(row, product, cart, position)) continue
    offered.push({ row, product, price: priceBump(row, product.priceCents) })
  }
  return offered
}

/** The public offer (spec 002 §7): prices and cartTotal sent by the browser are ignored. */
export async function calculateOffers(
  db: Db,
  storeId: string,
  body: BumpCalculateRequest,
  position?: BumpPosition,
): Promise<BumpOffer[]> {
  if (!isUuid(storeId)) throw new AppError(404, STORE_NOT_FOUND)
  const items = body.items.map((i) => ({ productId: i.productId, quantity: Number(i.quantity ?? 1) }))
  const cart = await cartFacts(db, storeId, items)
  if (cart.productIds.size === 0) {
    // Only a cart with none of this store's products can name a store that does not exist: asked only then.
    if (!(await storesService.findStoreById(db, storeId))) throw new AppError(404, STORE_NOT_FOUND)
    return []
  }
  const offered = await eligibleBumps(db, storeId, await repo.activeBumps(db, storeId), cart, position)
  return offered.map((o) => toOfferDto(o.row, o.product, o.price))
}

/**
 * The bumps a buyer added, re-checked as the offer was (any position: the buyer may add one at step 2 and another
 * at step 3) against the checkout's cart and priced from the database. The same id twice counts once; an unknown,
 * inactive, foreign or ineligible id is a 400.
 */
export async function priceBumps(
  db: DbOrTrx,
  input: {
    storeId: string
    cartProductIds: string[]
    cartTotalCents: number
    bumpIds: string[]
    position?: BumpPosition
  },
): Promise<PricedBump[]> {
  const ids = [...new Set(input.bumpIds)]
  if (ids.length === 0) return []
  if (ids.length > BUMPS_PER_ORDER_MAX || !ids.every(isUuid))
    throw new AppError(400, BUMP_MESSAGES.unavailable, { orderBumps: BUMP_MESSAGES.unavailable })
  const rows = await repo.findBumpsByIds(db, input.storeId, ids)
  const cartProducts = await productsById(db, input.storeId, input.cartProductIds)
  const cart: CartFacts = {
    productIds: new Set(cartProducts.keys()),
    totalCents: input.cartTotalCents,
    hasPhysical: [...cartProducts.values()].some((p) => p.type === 'PHYSICAL'),
  }
  const offered = await eligibleBumps(db, input.storeId, rows, cart, input.position)
  if (offered.length !== ids.length)
    throw new AppError(400, BUMP_MESSAGES.unavailable, { orderBumps: BUMP_MESSAGES.unavailable })
  // Two bumps of one product are one line's worth of the same thing: refuse rather than guess which price wins.
  if (new Set(offered.map((o) => o.product.id)).size !== offered.length)
    throw new AppError(400, BUMP_MESSAGES.unavailable, { orderBumps: BUMP_MESSAGES.unavailable })
  return offered.map(toPricedBump)
}

/** In the order's transaction: which bumps the order carries, for the worker to count from order.placed/paid. */
export async function recordOrderBumps(trx: Trx, input: { orderId: string; storeId: string; bumps: PricedBump[] }) {
  await repo.insertOrderBumps(
    trx,
    input.bumps.map((b) => ({
      order_id: input.orderId,
      bump_id: b.bumpId,
      store_id: input.storeId,
      revenue_cents: b.unitPriceCents * b.quantity,
    })),
  )
}

/** The order became a refused checkout attempt: its bumps never count as conversions (issue 26). */
export async function forgetOrderBumps(trx: Trx, orderId: string) {
  await repo.deleteUncountedOrderBumps(trx, orderId)
}

/**
 * A visit key: the page's own visit id when it sent one, else the caller's address and user agent for the day, so
 * a caller that never sends one still counts once a day. Hashed so no address is stored.
 */
export function visitKeyOf(visitId: string | undefined, ip: string, userAgent: string | undefined) {
  const raw = visitId ? `v:${visitId}` : `a:${ip}|${userAgent ?? ''}|${new Date().toISOString().slice(0, 10)}`
  return createHash('sha256').update(raw).digest('base64url').slice(0, 32)
}

/** Publishes a display/add of an existing bump; the worker counts it. Unknown ids are a silent no-op. */
export async function trackBump(db: Db, storeId: string, bumpId: string, kind: 'DISPLAY' | 'ADD', visitKey: string) {
  if (!isUuid(storeId) || !isUuid(bumpId)) return false
  const row = await repo.findBump(db, storeId, bumpId)
  if (!row) return false
  // A visit already counted needs no event: repeats from one page stop here instead of filling the queue.
  if (await repo.bumpVisitExists(db, bumpId, kind, visitKey)) return true
  await db
    .transaction()
    .execute((trx) => publish(trx, kind === 'DISPLAY' ? bumpDisplayed : bumpAdded, { bumpId, storeId, visitKey }))
  return true
}
