/** Rows to API shapes (reais at this boundary, camelCase), one function per entity. */
import type { BumpOffer, OrderBump, PublicUpsell, Upsell } from '../../shared/marketing'
import { toReais } from '../../shared/money'
import type { CatalogProduct } from '../catalog'
import type { BumpPrice } from './pricing'
import type { BumpRow, UpsellRow } from './repository'

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

export function toUpsellDto(row: UpsellRow): Upsell {
  return {
    id: row.id,
    storeId: row.store_id,
    title: row.title,
    redirectUrl: row.redirect_url,
    description: row.description,
    delaySeconds: row.delay_seconds,
    showCountdown: row.show_countdown,
    template: row.template,
    buttonText: row.button_text,
    buttonColor: row.button_color,
    skipText: row.skip_text,
    active: row.active,
    displayCount: row.display_count,
    clickCount: row.click_count,
    skipCount: row.skip_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

export function toPublicUpsellDto(row: UpsellRow): PublicUpsell {
  const {
    id,
    title,
    redirectUrl,
    description,
    delaySeconds,
    showCountdown,
    template,
    buttonText,
    buttonColor,
    skipText,
  } = toUpsellDto(row)
  return {
    id,
    title,
    redirectUrl,
    description,
    delaySeconds,
    showCountdown,
    template,
    buttonText,
    buttonColor,
    skipText,
  }
}
