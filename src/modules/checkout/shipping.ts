import type { DbOrTrx } from '../../platform/db'
import { AppError } from '../../platform/errors'
import {
  computeQuote,
  formatDeliveryDays,
  type PublicShippingOption,
  type ShippingOption,
  type ShippingOptionValues,
  type ShippingQuote,
  type ShippingQuoteDto,
  type ShippingTerms,
} from '../../shared/checkout'
import { toCents, toReais } from '../../shared/money'
import { catalogService } from '../catalog'
import { isUuid } from '../stores'
import type { ShippingOptionRow } from './repository'
import * as repo from './repository'

export const PRODUCT_UNAVAILABLE = 'Este produto não está disponível. Verifique se o link está correto.'

export type { ShippingQuote, ShippingTerms }
export { computeQuote }

export function termsOf(row: ShippingOptionRow): ShippingTerms {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    basePriceCents: row.base_price_cents,
    freeShippingThresholdCents: row.free_shipping_threshold_cents,
    estimatedDays: row.estimated_days,
    zipCodeRules: row.zip_code_rules ?? [],
  }
}

export async function quoteShipping(
  db: DbOrTrx,
  storeId: string,
  zipCode: string,
  subtotalCents: number,
): Promise<ShippingQuote[]> {
  if (!isUuid(storeId)) return []
  const rows = await repo.listShippingOptions(db, storeId, { activeOnly: true })
  return rows.map((r) => computeQuote(termsOf(r), zipCode, subtotalCents))
}

export async function quoteShippingOption(
  db: DbOrTrx,
  storeId: string,
  optionId: string,
  zipCode: string,
  subtotalCents: number,
): Promise<ShippingQuote | undefined> {
  if (!isUuid(storeId) || !isUuid(optionId)) return undefined
  const row = await repo.findShippingOption(db, storeId, optionId)
  if (!row?.active) return undefined
  return computeQuote(termsOf(row), zipCode, subtotalCents)
}

/** Prices the items from the catalog; whatever price the browser sent is never read. */
export async function subtotalFromCatalog(
  db: DbOrTrx,
  storeId: string,
  items: readonly { productId: string; quantity: number }[],
): Promise<number> {
  if (items.length === 0) return 0
  const ids = [...new Set(items.map((i) => i.productId))]
  if (!ids.every(isUuid)) throw new AppError(404, PRODUCT_UNAVAILABLE)
  const products = new Map((await catalogService.findProducts(db, storeId, ids)).map((p) => [p.id, p]))
  let total = 0
  for (const item of items) {
    const product = products.get(item.productId)
    if (!product) throw new AppError(404, PRODUCT_UNAVAILABLE)
    total += product.priceCents * item.quantity
  }
  return total
}

// ---------------------------------------------------------------------------------------------------------------
// Owner CRUD

export function toShippingOptionDto(row: ShippingOptionRow): ShippingOption {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    description: row.description,
    basePrice: toReais(row.base_price_cents),
    freeShippingThreshold:
      row.free_shipping_threshold_cents === null ? null : toReais(row.free_shipping_threshold_cents),
    estimatedDays: row.estimated_days,
    active: row.active,
    zipCodeRules: row.zip_code_rules ?? [],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export function toPublicShippingOption(row: ShippingOptionRow): PublicShippingOption {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: toReais(row.base_price_cents),
    isFree: row.base_price_cents === 0,
    freeShippingThreshold:
      row.free_shipping_threshold_cents === null ? null : toReais(row.free_shipping_threshold_cents),
    estimatedDays: row.estimated_days,
    estimatedDelivery: formatDeliveryDays(row.estimated_days),
  }
}

export function toQuoteDto(q: ShippingQuote): ShippingQuoteDto {
  return {
    id: q.id,
    name: q.name,
    description: q.description,
    price: toReais(q.priceCents),
    originalPrice: toReais(q.originalPriceCents),
    isFree: q.isFree,
    estimatedDelivery: q.estimatedDelivery,
    estimatedDays: q.estimatedDays,
  }
}

function toColumns(input: Partial<ShippingOptionValues>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.basePrice !== undefined && { base_price_cents: toCents(input.basePrice) }),
    ...(input.freeShippingThreshold !== undefined && {
      free_shipping_threshold_cents: input.freeShippingThreshold === null ? null : toCents(input.freeShippingThreshold),
    }),
    ...(input.estimatedDays !== undefined && { estimated_days: input.estimatedDays }),
    ...(input.active !== undefined && { active: input.active }),
    ...(input.zipCodeRules !== undefined && { zip_code_rules: JSON.stringify(input.zipCodeRules) }),
  }
}

export async function createShippingOption(db: DbOrTrx, storeId: string, input: ShippingOptionValues) {
  const cols = toColumns(input)
  return repo.insertShippingOption(db, {
    store_id: storeId,
    name: input.name,
    base_price_cents: toCents(input.basePrice),
    estimated_days: input.estimatedDays,
    zip_code_rules: JSON.stringify(input.zipCodeRules),
    ...cols,
  })
}

export async function updateShippingOption(
  db: DbOrTrx,
  storeId: string,
  id: string,
  input: Partial<ShippingOptionValues>,
) {
  if (!isUuid(id)) return undefined
  const cols = toColumns(input)
  if (Object.keys(cols).length === 0) return repo.findShippingOption(db, storeId, id)
  return repo.updateShippingOption(db, storeId, id, cols)
}

export async function findShippingOption(db: DbOrTrx, storeId: string, id: string) {
  return isUuid(id) ? repo.findShippingOption(db, storeId, id) : undefined
}

export async function deleteShippingOption(db: DbOrTrx, storeId: string, id: string) {
  return isUuid(id) ? repo.deleteShippingOption(db, storeId, id) : false
}

export const listShippingOptions = repo.listShippingOptions
