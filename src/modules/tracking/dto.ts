import type { PixelConfig, PixelDelivery } from '../../shared/pixel'
import type { PixelConfigRow, PixelDeliveryRow } from './repository'

/** A store that never saved: the toggles of the form's first show (the checkout events on, the rest off). */
const DEFAULT_TOGGLES = {
  trackPageView: true,
  trackAddToCart: true,
  trackInitiateCheckout: true,
  trackPurchase: true,
  trackLead: false,
  trackCompleteRegistration: false,
}

function togglesOf(row: PixelConfigRow | undefined) {
  if (!row) return DEFAULT_TOGGLES
  return {
    trackPageView: row.track_page_view,
    trackAddToCart: row.track_add_to_cart,
    trackInitiateCheckout: row.track_initiate_checkout,
    trackPurchase: row.track_purchase,
    trackLead: row.track_lead,
    trackCompleteRegistration: row.track_complete_registration,
  }
}

export function toConfigDto(storeId: string, row: PixelConfigRow | undefined): PixelConfig {
  return {
    storeId,
    pixelId: row?.pixel_id ?? '',
    accessToken: row?.access_token_masked ?? '',
    hasAccessToken: Boolean(row?.access_token_encrypted),
    active: row?.active ?? false,
    testEventCode: row?.test_event_code ?? '',
    ...togglesOf(row),
    updatedAt: row?.updated_at.toISOString() ?? null,
  }
}

export function toDeliveryDto(r: PixelDeliveryRow): PixelDelivery {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    eventName: r.event_name,
    eventId: r.event_id,
    state: r.state,
    attempts: r.attempts,
    httpStatus: r.http_status,
    error: r.error,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
  }
}
