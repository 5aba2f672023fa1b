/** A tracked event on its way to the store's Facebook Pixel (./tracking.ts loads this after the page opened). */
import type { PublicPixelConfig } from '../../../../shared/pixel'
import { initiateCheckoutEventId, purchaseEventId } from '../../../../shared/pixel-ids'
import { api } from '../../../lib/api'
import { loadBrowserPixel } from '../../pixel'
import type { TrackingData, TrackingEvent } from './tracking'

const TOGGLE = {
  AddToCart: 'trackAddToCart',
  InitiateCheckout: 'trackInitiateCheckout',
  Purchase: 'trackPurchase',
  Lead: 'trackLead',
  CompleteRegistration: 'trackCompleteRegistration',
} as const satisfies Record<TrackingEvent, keyof PublicPixelConfig>

const configs = new Map<string, Promise<PublicPixelConfig | undefined>>()

/** One read per store and page load; a failed read means no pixel (tracking never blocks a sale). */
function pixelConfig(storeId: string): Promise<PublicPixelConfig | undefined> {
  let pending = configs.get(storeId)
  if (!pending) {
    pending = api
      .get<PublicPixelConfig>(`/public/stores/${encodeURIComponent(storeId)}/facebook-pixel`, {
        auth: false,
        timeoutMs: 10_000,
      })
      .catch(() => undefined)
    configs.set(storeId, pending)
  }
  return pending
}

const reais = (value: number) => Math.round(value * 100) / 100

export async function sendPixelEvent(event: TrackingEvent, data: TrackingData): Promise<void> {
  const config = await pixelConfig(data.storeId)
  if (!config?.active || !config.pixelId) return
  const pixel = await loadBrowserPixel()
  pixel.ensurePixel(config)
  if (!config[TOGGLE[event]]) return
  const contents = (data.contents ?? [{ id: data.productId, quantity: 1, itemPrice: data.value ?? 0 }]).map((c) => ({
    id: c.id,
    quantity: c.quantity,
    item_price: reais(c.itemPrice),
  }))
  const params = {
    value: reais(data.value ?? 0),
    currency: data.currency ?? 'BRL',
    content_type: 'product',
    content_ids: contents.map((c) => c.id),
    contents,
    num_items: contents.reduce((n, c) => n + c.quantity, 0),
    ...(data.productName ? { content_name: data.productName } : {}),
  }
  pixel.trackPixelEvent(config, event, params, eventIdOf(event, data, pixel))
}

/** Purchase and InitiateCheckout share their ids with the server's copies; the rest are the browser's alone. */
function eventIdOf(
  event: TrackingEvent,
  data: TrackingData,
  pixel: { pageLoadId: string; cookie: (name: string) => string | undefined },
): string {
  switch (event) {
    case 'Purchase':
      return purchaseEventId(data.orderId ?? '')
    case 'InitiateCheckout':
      return initiateCheckoutEventId(data.productId, pixel.cookie('_fbp'), pixel.pageLoadId)
    case 'AddToCart':
      return `addtocart.${data.productId}.${pixel.pageLoadId}`
    case 'Lead':
      return `lead.${data.productId}.${pixel.pageLoadId}`
    case 'CompleteRegistration':
      return `registration.${data.productId}.${pixel.pageLoadId}`
  }
}
