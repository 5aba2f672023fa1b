import {
  CHECKOUT_TEXT_DEFAULTS,
  CUSTOMIZATION_DEFAULTS,
  DIGITAL_CHECKOUT_TEXT_DEFAULTS,
  FONT_FAMILIES,
  type FontFamily,
  formatDeliveryDays,
  type PublicCustomization,
  type PublicShippingOption,
  type ShippingOption,
  type ShippingQuote,
  type ShippingQuoteDto,
} from '../../shared/checkout'
import { toReais } from '../../shared/money'
import type { CustomizationRow, ShippingOptionRow } from './repository'
import { memoized } from './sanitize'

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

/** The stored values in API shape, defaults filled in; `texts` holds only what the merchant set (null = default). */
export function resolveCustomization(row: CustomizationRow | undefined) {
  if (!row)
    return {
      values: { ...CUSTOMIZATION_DEFAULTS },
      texts: { checkoutTitle: null, thankYouTitle: null, thankYouMessage: null },
      updatedAt: null,
    }
  const texts = {
    checkoutTitle: row.checkout_title,
    thankYouTitle: row.thank_you_title,
    thankYouMessage: row.thank_you_message,
  }
  return {
    values: {
      primaryColor: row.primary_color,
      secondaryColor: row.secondary_color,
      backgroundColor: row.background_color,
      accentColor: row.accent_color,
      fontFamily: ((FONT_FAMILIES as readonly string[]).includes(row.font_family)
        ? row.font_family
        : 'Inter') as FontFamily,
      buttonRadius: row.button_radius,
      showStoreLogo: row.show_store_logo,
      customLogoUrl: row.custom_logo_url,
      customBannerUrl: row.custom_banner_url,
      customHeaderHtml: row.custom_header_html,
      customFooterHtml: row.custom_footer_html,
      customCss: row.custom_css,
      checkoutTitle: texts.checkoutTitle ?? CHECKOUT_TEXT_DEFAULTS.checkoutTitle,
      thankYouTitle: texts.thankYouTitle ?? CHECKOUT_TEXT_DEFAULTS.thankYouTitle,
      thankYouMessage: texts.thankYouMessage ?? CHECKOUT_TEXT_DEFAULTS.thankYouMessage,
    },
    texts,
    updatedAt: row.updated_at.toISOString(),
  }
}

/** The buyer's view of a store's look from its customisation row (undefined: the defaults). */
export function toPublicCustomization(
  storeId: string,
  storeName: string,
  row: CustomizationRow | undefined,
): PublicCustomization {
  const { values, texts } = resolveCustomization(row)
  return {
    storeId,
    storeName,
    ...values,
    customHeaderHtml: memoized('html', values.customHeaderHtml) || null,
    customFooterHtml: memoized('html', values.customFooterHtml) || null,
    customCss: memoized('css', values.customCss) || null,
    digital: {
      checkoutTitle: texts.checkoutTitle ?? DIGITAL_CHECKOUT_TEXT_DEFAULTS.checkoutTitle,
      thankYouTitle: texts.thankYouTitle ?? DIGITAL_CHECKOUT_TEXT_DEFAULTS.thankYouTitle,
      thankYouMessage: texts.thankYouMessage ?? DIGITAL_CHECKOUT_TEXT_DEFAULTS.thankYouMessage,
    },
  }
}
