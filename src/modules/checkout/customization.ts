import {
  CHECKOUT_TEXT_DEFAULTS,
  type Customization,
  type CustomizationValues,
  type PublicCustomization,
} from '../../shared/checkout'
import { storesService } from '../stores'
import { resolveCustomization, toPublicCustomization } from './dto'
import * as repo from './repository'
import type { DbOrTrx } from './tables'

type TextKey = keyof typeof CHECKOUT_TEXT_DEFAULTS
const TEXT_KEYS: TextKey[] = ['checkoutTitle', 'thankYouTitle', 'thankYouMessage']

/** The owner's view: raw HTML and CSS exactly as saved. */
export async function getCustomization(db: DbOrTrx, storeId: string): Promise<Customization> {
  const { values, updatedAt } = resolveCustomization(await repo.findCustomization(db, storeId))
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
  const current = resolveCustomization(await repo.findCustomization(db, storeId))
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
