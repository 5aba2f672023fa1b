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
  send('Purchase', data)
}

export function track(event: TrackingEvent, data: TrackingData): void {
  if (event === 'Purchase') {
    if (data.orderId) rememberPurchase({ ...data, orderId: data.orderId })
    return
  }
  send(event, data)
}

/**
 * The pixel's config read and the event itself, from their own chunk after the page opened (a phone downloads
 * nothing of it to draw the checkout). One import, so events leave in the order they were tracked.
 */
let pixelEvents: Promise<typeof import('./pixel-events')> | undefined
function send(event: TrackingEvent, data: TrackingData): void {
  pixelEvents ??= import('./pixel-events')
  pixelEvents
    .then((m) => m.sendPixelEvent(event, data))
    .catch(() => {
      // The pixel is the ad account's business; the buyer's checkout goes on.
    })
}
