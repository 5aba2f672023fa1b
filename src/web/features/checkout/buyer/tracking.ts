/**
 * The tracking seam (spec 001 §4): AddToCart when the product loads, InitiateCheckout when leaving the step before
 * payment, Purchase on a created order. It asks the server whether the store's Facebook Pixel is active and only then
 * loads the pixel code (its own chunk); each event goes out only if its toggle is on, and never breaks the checkout.
 */
import { initiateCheckoutEventId, type PublicPixelConfig, purchaseEventId } from '../../../../shared/pixel'
import { api } from '../../../lib/api'

export type TrackingEvent = 'AddToCart' | 'InitiateCheckout' | 'Purchase'

export interface TrackingData {
  storeId: string
  productId: string
  productName?: string
  /** Reais, as the server priced it (the order total for Purchase). */
  value?: number
  currency?: 'BRL'
  orderId?: string
  orderNumber?: string
  /** Every line (order bumps included); without it, the checkout's product alone. */
  contents?: { id: string; quantity: number; itemPrice: number }[]
}

const TOGGLE = {
  AddToCart: 'trackAddToCart',
  InitiateCheckout: 'trackInitiateCheckout',
  Purchase: 'trackPurchase',
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

const FIRED_KEY = 'pixel-purchases'

/** Purchase once per order in this browser, whatever reloads or re-renders happen. */
function firstPurchase(orderId: string): boolean {
  try {
    const fired = JSON.parse(localStorage.getItem(FIRED_KEY) ?? '[]') as string[]
    if (fired.includes(orderId)) return false
    localStorage.setItem(FIRED_KEY, JSON.stringify([...fired, orderId].slice(-50)))
    return true
  } catch {
    return true
  }
}

const reais = (value: number) => Math.round(value * 100) / 100

export function track(event: TrackingEvent, data: TrackingData): void {
  if (event === 'Purchase' && !data.orderId) return
  void send(event, data).catch(() => {
    // The pixel is the ad account's business; the buyer's checkout goes on.
  })
}

async function send(event: TrackingEvent, data: TrackingData): Promise<void> {
  const config = await pixelConfig(data.storeId)
  if (!config?.active || !config.pixelId) return
  const pixel = await import('../../pixel/browser-pixel')
  pixel.ensurePixel(config)
  if (!config[TOGGLE[event]]) return
  if (event === 'Purchase' && !firstPurchase(data.orderId ?? '')) return
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
  const eventID =
    event === 'Purchase'
      ? purchaseEventId(data.orderId ?? '')
      : event === 'InitiateCheckout'
        ? initiateCheckoutEventId(data.productId, pixel.cookie('_fbp'), pixel.pageLoadId)
        : `addtocart.${data.productId}.${pixel.pageLoadId}`
  pixel.trackPixelEvent(config, event, params, eventID)
}
