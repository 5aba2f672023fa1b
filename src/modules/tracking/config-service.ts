/** The store's Facebook Pixel configuration: the owner's view (token masked), the save rules, the public view. */
import type { AppConfig } from '../../config'
import { encryptSecret, maskSecret } from '../../platform/crypto'
import { AppError } from '../../platform/errors'
import {
  isMaskedToken,
  type PixelConfig,
  type PixelConfigInput,
  type PublicPixelConfig,
  pixelIdError,
  pixelIsActive,
} from '../../shared/pixel'
import { toConfigDto } from './dto'
import * as repo from './repository'
import type { Db } from './tables'

export async function getConfig(db: Db, storeId: string): Promise<PixelConfig> {
  return toConfigDto(storeId, await repo.findConfig(db, storeId))
}

/**
 * Merges the PATCH with what is stored and checks the result (spec 002 §5): an active pixel needs a 15–16 digit id.
 * A typed token replaces the stored one (encrypted); empty or the masked form keeps it; null removes it.
 */
export async function saveConfig(
  deps: { db: Db; config: AppConfig },
  storeId: string,
  input: PixelConfigInput,
): Promise<PixelConfig> {
  const current = toConfigDto(storeId, await repo.findConfig(deps.db, storeId))
  const next = {
    pixelId: input.pixelId ?? current.pixelId,
    active: input.active ?? current.active,
  }
  const idError = pixelIdError(next)
  if (idError) throw new AppError(400, idError, { pixelId: idError })
  const typed = input.accessToken?.trim()
  const token =
    input.accessToken === null
      ? { access_token_encrypted: null, access_token_masked: null }
      : typed && !isMaskedToken(typed)
        ? {
            access_token_encrypted: encryptSecret(deps.config.APP_SECRET, typed),
            access_token_masked: maskSecret(typed),
          }
        : {}
  const row = await repo.upsertConfig(deps.db, storeId, {
    pixel_id: next.pixelId,
    active: next.active,
    track_page_view: input.trackPageView ?? current.trackPageView,
    track_add_to_cart: input.trackAddToCart ?? current.trackAddToCart,
    track_initiate_checkout: input.trackInitiateCheckout ?? current.trackInitiateCheckout,
    track_purchase: input.trackPurchase ?? current.trackPurchase,
    track_lead: input.trackLead ?? current.trackLead,
    track_complete_registration: input.trackCompleteRegistration ?? current.trackCompleteRegistration,
    test_event_code:
      input.testEventCode === undefined ? current.testEventCode || null : input.testEventCode?.trim() || null,
    ...token,
  })
  return toConfigDto(storeId, row)
}

/** The buyer pages' view: an inactive pixel answers inactive and no id, so nothing about it reaches a buyer. */
export async function getPublicConfig(db: Db, storeId: string): Promise<PublicPixelConfig> {
  const dto = toConfigDto(storeId, await repo.findConfig(db, storeId))
  const active = pixelIsActive(dto)
  return {
    pixelId: active ? dto.pixelId : '',
    active,
    trackPageView: dto.trackPageView,
    trackAddToCart: dto.trackAddToCart,
    trackInitiateCheckout: dto.trackInitiateCheckout,
    trackPurchase: dto.trackPurchase,
    trackLead: dto.trackLead,
    trackCompleteRegistration: dto.trackCompleteRegistration,
  }
}
