import {
  CHECKOUT_TEXT_DEFAULTS,
  CUSTOMIZATION_DEFAULTS,
  type Customization,
  type CustomizationValues,
  DIGITAL_CHECKOUT_TEXT_DEFAULTS,
  FONT_FAMILIES,
  type FontFamily,
  type PublicCustomization,
} from '../../shared/checkout'
import { storesService } from '../stores'
import type { CustomizationRow } from './repository'
import * as repo from './repository'
import { memoized } from './sanitize'
import type { DbOrTrx } from './tables'

type TextKey = keyof typeof CHECKOUT_TEXT_DEFAULTS
const TEXT_KEYS: TextKey[] = ['checkoutTitle', 'thankYouTitle', 'thankYouMessage']

/** The stored values in API shape, defaults filled in; `texts` holds only what the merchant set (null = default). */
function resolve(row: CustomizationRow | undefined) {
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

/** The owner's view: raw HTML and CSS exactly as saved. */
export async function getCustomization(db: DbOrTrx, storeId: string): Promise<Customization> {
  const { values, updatedAt } = resolve(await repo.findCustomization(db, storeId))
  return { storeId, ...values, updatedAt }
}

/**
 * Merges a partial update into what is saved. A text saved equal to its default (or empty) is stored as null, so the
 * digital checkout keeps its own default for it.
 */
export async function saveCustomization(
  db: DbOrTrx,
  storeId: string,
  patch: Partial<CustomizationValues>,
): Promise<Customization> {
  const current = resolve(await repo.findCustomization(db, storeId))
  const v = { ...current.values, ...patch }
  const texts = { ...current.texts }
  for (const key of TEXT_KEYS) {
    if (patch[key] === undefined) continue
    const value = patch[key]
    texts[key] = value === null || value === CHECKOUT_TEXT_DEFAULTS[key] ? null : value
  }
  await repo.upsertCustomization(db, {
    store_id: storeId,
    primary_color: v.primaryColor,
    secondary_color: v.secondaryColor,
    background_color: v.backgroundColor,
    accent_color: v.accentColor,
    font_family: v.fontFamily,
    button_radius: v.buttonRadius,
    show_store_logo: v.showStoreLogo,
    custom_logo_url: v.customLogoUrl,
    custom_banner_url: v.customBannerUrl,
    custom_header_html: v.customHeaderHtml,
    custom_footer_html: v.customFooterHtml,
    custom_css: v.customCss,
    checkout_title: texts.checkoutTitle,
    thank_you_title: texts.thankYouTitle,
    thank_you_message: texts.thankYouMessage,
  })
  return getCustomization(db, storeId)
}

/**
 * What a buyer's page receives: sanitised header, footer and CSS; defaults when nothing was saved. `storeName` is
 * empty for an unknown store (the public route answers 404 before calling this).
 */
export async function publicCustomization(db: DbOrTrx, storeId: string): Promise<PublicCustomization> {
  const [row, store] = await Promise.all([
    repo.findCustomization(db, storeId),
    storesService.findStoreById(db, storeId),
  ])
  return toPublicCustomization(storeId, store?.name ?? '', row)
}

/** The buyer's view of a store's look from its customisation row (undefined: the defaults). */
export function toPublicCustomization(
  storeId: string,
  storeName: string,
  row: CustomizationRow | undefined,
): PublicCustomization {
  const { values, texts } = resolve(row)
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
