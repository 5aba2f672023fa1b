/**
 * The tracking seam (spec 001 §4): AddToCart when the product loads, InitiateCheckout when leaving the step before
 * payment, Purchase once the order is paid, Lead and CompleteRegistration from the buyer's identification
 * (identification-events.ts). It asks the server whether the store's Facebook Pixel is active and only
 * then loads the pixel code (its own chunk); each event goes out only if its toggle is on, and never breaks the
 * checkout.
 *
 * Purchase: the checkout calls `track('Purchase')` when the order is created, which only remembers the order's
 * lines; the order page calls `trackPaidOrder` once it shows the order paid (at once for an approved card, after the
 * PIX lands for PIX), so an unpaid PIX or boleto is never reported as a sale, and the browser event carries the same
 * event id as the server's Purchase (sent on order.paid) for Meta to count it once. Fired order ids are remembered,
 * so a reload of the order page sends nothing again.
 *
 * Every event carries the product and the price, never the buyer's name, e-mail, phone or CPF: Meta's pixel does its
 * own hashed advanced matching, and a plain e-mail in event parameters would leave the browser unhashed.
 */

import type { PublicPixelConfig } from '../../../../shared/pixel'
import { initiateCheckoutEventId, purchaseEventId } from '../../../../shared/pixel-ids'
import { api } from '../../../lib/api'
import { loadBrowserPixel } from '../../pixel'

export type TrackingEvent = 'AddToCart' | 'InitiateCheckout' | 'Purchase' | 'Lead' | 'CompleteRegistration'

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

/** The product part every checkout event carries (the price in reais, as the server priced it). */
export function productData(storeId: string, product: { id: string; name: string; price: number }): TrackingData {
  return { storeId, productId: product.id, productName: product.name, value: product.price, currency: 'BRL' }
}

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

const PENDING_KEY = 'pixel-pending-purchases'
const FIRED_KEY = 'pixel-purchases'
/** Enough for a buyer's recent orders; older entries drop off. */
const KEEP = 20

function readStore<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? fallback
  } catch {
    return fallback
  }
}

function writeStore(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Private mode or a full storage: at worst the browser Purchase is not sent; the server's still is.
  }
}

type Pending = Record<string, TrackingData>

function rememberPurchase(data: TrackingData & { orderId: string }): void {
  const pending = readStore<Pending>(PENDING_KEY, {})
  const kept = Object.entries(pending).slice(-(KEEP - 1))
  writeStore(PENDING_KEY, Object.fromEntries([...kept, [data.orderId, data]]))
}

/** Takes the order's remembered lines, once: the second call for the same order gets nothing. */
function takePurchase(orderId: string): TrackingData | undefined {
  const fired = readStore<string[]>(FIRED_KEY, [])
  if (fired.includes(orderId)) return undefined
  const pending = readStore<Pending>(PENDING_KEY, {})
  const data = pending[orderId]
  if (!data) return undefined
  delete pending[orderId]
  writeStore(PENDING_KEY, pending)
  writeStore(FIRED_KEY, [...fired, orderId].slice(-KEEP))
  return data
}

/**
 * The order page shows this order paid: sends the browser Purchase once, if this browser created the order (an order
 * paid elsewhere is reported by the server alone).
 */
export function trackPaidOrder(orderId: string): void {
  const data = takePurchase(orderId)
  if (!data) return
  void send('Purchase', data).catch(() => {})
}

const reais = (value: number) => Math.round(value * 100) / 100

export function track(event: TrackingEvent, data: TrackingData): void {
  if (event === 'Purchase') {
    if (data.orderId) rememberPurchase({ ...data, orderId: data.orderId })
    return
  }
  void send(event, data).catch(() => {
    // The pixel is the ad account's business; the buyer's checkout goes on.
  })
}

async function send(event: TrackingEvent, data: TrackingData): Promise<void> {
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
