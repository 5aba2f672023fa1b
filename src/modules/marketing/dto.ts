/** Rows to API shapes (reais at this boundary, camelCase), one function per entity. */
import type { CouponDto } from '../../shared/coupons'
import type { BumpOffer, BumpStats, OrderBump, PublicUpsell, Upsell, UpsellStats } from '../../shared/marketing'
import { toReais } from '../../shared/money'
import type { CatalogProduct } from '../catalog'
import type { CouponRow } from './coupons.repository'
import type { BumpPrice } from './pricing'
import type { BumpRow, bumpTotals, UpsellRow, upsellTotals } from './repository'

const reaisOrNull = (cents: number | null) => (cents == null ? null : toReais(cents))

export function discountValueOf(row: Pick<BumpRow, 'discount_type' | 'discount_value'>): number | null {
  if (row.discount_value == null || row.discount_type === 'NONE') return null
  return row.discount_type === 'PERCENTAGE' ? row.discount_value / 100 : toReais(row.discount_value)
}

export function toBumpDto(row: BumpRow, product: CatalogProduct | undefined): OrderBump {
  return {
    id: row.id,
    storeId: row.store_id,
    title: row.title,
    description: row.description,
    productId: row.product_id,
    product: product
      ? { id: product.id, name: product.name, price: toReais(product.priceCents), type: product.type }
      : null,
    discountType: row.discount_type,
    discountValue: discountValueOf(row),
    originalPrice: reaisOrNull(row.original_price_cents),
    position: row.position,
    template: row.template,
    buttonText: row.button_text,
    buttonColor: row.button_color,
    active: row.active,
    minCartValue: reaisOrNull(row.min_cart_cents),
    maxCartValue: reaisOrNull(row.max_cart_cents),
    showOnProducts: row.show_on_products,
    displayCount: row.display_count,
    conversionCount: row.conversion_count,
    addCount: row.add_count,
    paidConversionCount: row.paid_conversion_count,
    revenue: toReais(row.revenue_cents),
    paidRevenue: toReais(row.paid_revenue_cents),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export function toOfferDto(row: BumpRow, product: CatalogProduct, price: BumpPrice): BumpOffer {
  return {
    id: row.id,
    productId: row.product_id,
    product: {
      name: product.name,
      price: toReais(product.priceCents),
      imageUrl: product.imageUrl,
      type: product.type,
    },
    title: row.title,
    description: row.description,
    template: row.template,
    position: row.position,
    buttonText: row.button_text,
    buttonColor: row.button_color,
    discountType: row.discount_type,
    finalPrice: toReais(price.finalCents),
    originalPrice: toReais(price.originalCents),
    savings: toReais(price.savingsCents),
  }
}

/** What the buyer's page gets of an upsell: no counters, no store. */
export function toPublicUpsellDto(row: UpsellRow): PublicUpsell {
  return {
    id: row.id,
    title: row.title,
    redirectUrl: row.redirect_url,
    description: row.description,
    delaySeconds: row.delay_seconds,
    showCountdown: row.show_countdown,
    template: row.template,
    buttonText: row.button_text,
    buttonColor: row.button_color,
    skipText: row.skip_text,
  }
}

export function toUpsellDto(row: UpsellRow): Upsell {
  return {
    ...toPublicUpsellDto(row),
    storeId: row.store_id,
    active: row.active,
    displayCount: row.display_count,
    clickCount: row.click_count,
    skipCount: row.skip_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export function toCouponDto(row: CouponRow): CouponDto {
  return {
    id: row.id,
    storeId: row.store_id,
    code: row.code,
    discountType: row.discount_type,
    discountValue: row.discount_type === 'PERCENTAGE' ? row.discount_value / 100 : toReais(row.discount_value),
    minOrderValue: row.min_order_cents == null ? null : toReais(row.min_order_cents),
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    maxUses: row.max_uses,
    maxUsesPerEmail: row.max_uses_per_email,
    productIds: row.product_ids,
    appliesToBumps: row.applies_to_bumps,
    active: row.active,
    uses: row.uses_count,
    paidCount: row.paid_count,
    revenue: toReais(row.revenue_cents),
    discountGiven: toReais(row.discount_given_cents),
    createdAt: row.created_at.toISOString(),
  }
}

/** A bump line of an order: the product at the bump's final price, with the bump that put it there. */
export interface PricedBump {
  bumpId: string
  title: string
  productId: string
  name: string
  imageUrl: string | null
  type: 'PHYSICAL' | 'DIGITAL'
  unitPriceCents: number
  quantity: 1
}

export function toPricedBump(o: { row: BumpRow; product: CatalogProduct; price: BumpPrice }): PricedBump {
  return {
    bumpId: o.row.id,
    title: o.row.title,
    productId: o.product.id,
    name: o.product.name,
    imageUrl: o.product.imageUrl,
    type: o.product.type,
    unitPriceCents: o.price.finalCents,
    quantity: 1,
  }
}

/** A percentage with one decimal (0 when there is nothing to divide by). */
const ratePercent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0)

export function toBumpStatsDto(t: Awaited<ReturnType<typeof bumpTotals>>): BumpStats {
  const displays = Number(t.displays)
  const conversions = Number(t.conversions)
  return {
    totalBumps: Number(t.total),
    activeBumps: Number(t.active),
    totalDisplays: displays,
    totalConversions: conversions,
    conversionRate: ratePercent(conversions, displays),
    totalPaidConversions: Number(t.paid_conversions),
    paidRevenue: toReais(Number(t.paid_revenue_cents)),
  }
}

export function toUpsellStatsDto(t: Awaited<ReturnType<typeof upsellTotals>>): UpsellStats {
  const displays = Number(t.displays)
  const clicks = Number(t.clicks)
  return {
    totalUpsells: Number(t.total),
    activeUpsells: Number(t.active),
    totalDisplays: displays,
    totalClicks: clicks,
    totalSkips: Number(t.skips),
    clickRate: ratePercent(clicks, displays),
  }
}
