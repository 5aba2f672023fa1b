import { AppError } from '../../platform/errors'
import { computeQuote, type ShippingOptionValues, type ShippingQuote, type ShippingTerms } from '../../shared/checkout'
import { isUuid } from '../../shared/ids'
import { meServiceOf } from '../../shared/melhor-envio'
import { toCents } from '../../shared/money'
import { FALLBACK_SHIPPING } from '../../shared/ordering-rules'
import { catalogService } from '../catalog'
import { type CartItems, type ShippingDeps, shippingService } from '../shipping'
import type { ShippingOptionRow } from './repository'
import * as repo from './repository'
import * as settingsRepo from './shipping-settings.repository'
import type { DbOrTrx } from './tables'

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

/** The spec's default options (spec 001 §4) as quotes: a fixed price, never free. */
const FALLBACK_QUOTES: readonly ShippingQuote[] = FALLBACK_SHIPPING.map((o) => ({
  id: o.id,
  name: o.name,
  description: o.description,
  priceCents: toCents(o.price),
  originalPriceCents: toCents(o.originalPrice),
  isFree: false,
  estimatedDelivery: o.estimatedDelivery,
  estimatedDays: o.estimatedDays,
}))

export interface ShippingQuotes {
  quotes: ShippingQuote[]
  /** The quotes are the spec's defaults, offered because the merchant turned the fallback on. */
  fallback: boolean
  /** Melhor Envio is on but gave nothing for this cart (no dimensions, an error or a timeout). */
  carriersUnavailable?: 'DIMENSIONS' | 'ERROR'
}

/**
 * What a buyer may pick for a CEP: real carriers' quotes when the store connected Melhor Envio (and `carriers` is
 * given), beside the store's active zone options or instead of them (the merchant's choice; the zones still answer
 * when the carriers give nothing); with neither, the spec's default prices only when the merchant
 * turned the fallback on (otherwise nothing, and the order is refused), so no store charges invented prices.
 */
export async function quoteShippingWithFallback(
  db: DbOrTrx,
  storeId: string,
  zipCode: string,
  subtotalCents: number,
  carriers?: { deps: ShippingDeps; items: CartItems },
): Promise<ShippingQuotes> {
  if (!isUuid(storeId)) return { quotes: [], fallback: false }
  const live = carriers
    ? await shippingService.quoteCarriers(carriers.deps, storeId, zipCode, carriers.items, subtotalCents)
    : { quotes: [] }
  // 'Instead of the zones': the carriers alone when they answered; the zones whenever they did not.
  const onlyCarriers = 'instead' in live && live.instead === true && live.quotes.length > 0
  const rows = onlyCarriers ? [] : await repo.listShippingOptions(db, storeId, { activeOnly: true })
  const zones = rows.map((r) => computeQuote(termsOf(r), zipCode, subtotalCents))
  const quotes = [...live.quotes, ...zones]
  const unavailable = live.unavailable ? { carriersUnavailable: live.unavailable } : {}
  if (quotes.length > 0) return { quotes, fallback: false, ...unavailable }
  const fallback = await settingsRepo.findFallbackEnabled(db, storeId)
  return { quotes: fallback ? [...FALLBACK_QUOTES] : [], fallback, ...unavailable }
}

export async function quoteShipping(
  db: DbOrTrx,
  storeId: string,
  zipCode: string,
  subtotalCents: number,
): Promise<ShippingQuote[]> {
  return (await quoteShippingWithFallback(db, storeId, zipCode, subtotalCents)).quotes
}

/**
 * The quote for one option id, a fallback id included while the fallback is what the store offers; a Melhor Envio
 * option ('me-<service>') is the price kept when the buyer's page quoted this cart (`items`) for this CEP.
 */
export async function quoteShippingOption(
  db: DbOrTrx,
  storeId: string,
  optionId: string,
  zipCode: string,
  subtotalCents: number,
  items: CartItems = [],
  now: Date = new Date(),
): Promise<ShippingQuote | undefined> {
  if (!isUuid(storeId)) return undefined
  if (meServiceOf(optionId) !== undefined)
    return shippingService.honouredCarrierQuote(db, storeId, optionId, zipCode, items, subtotalCents, now)
  if (FALLBACK_QUOTES.some((q) => q.id === optionId))
    return (await quoteShipping(db, storeId, zipCode, subtotalCents)).find((q) => q.id === optionId)
  if (!isUuid(optionId)) return undefined
  const row = await repo.findShippingOption(db, storeId, optionId)
  if (!row?.active) return undefined
  return computeQuote(termsOf(row), zipCode, subtotalCents)
}

export const shippingFallbackEnabled = settingsRepo.findFallbackEnabled
export const saveShippingFallback = settingsRepo.upsertFallbackEnabled

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
