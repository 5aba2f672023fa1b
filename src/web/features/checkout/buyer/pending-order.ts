/**
 * The order this browser placed for a product and has not paid yet, so a buyer who comes back to the checkout
 * (Back from the order page, the link again) is told 'Você já tem um pedido aguardando pagamento' with the way to
 * it, instead of an empty form that leads to a second order. Kept in this browser only, for a week; the order
 * page's own answer decides whether it still waits (paid or cancelled: forgotten).
 */
const KEY = (storeId: string, productId: string) => `ck-pending:${storeId}:${productId}`
const KEEP_MS = 7 * 24 * 3600_000

interface Remembered {
  url: string
  at: number
}

export function rememberPendingOrder(storeId: string, productId: string, orderPageUrl: string) {
  try {
    localStorage.setItem(KEY(storeId, productId), JSON.stringify({ url: orderPageUrl, at: Date.now() }))
  } catch {
    // Private mode or full storage: the hint is a convenience.
  }
}

function read(storeId: string, productId: string): Remembered | undefined {
  try {
    const raw = localStorage.getItem(KEY(storeId, productId))
    const value = raw ? (JSON.parse(raw) as Remembered) : undefined
    if (value && typeof value.url === 'string' && Date.now() - value.at < KEEP_MS) return value
    if (raw) localStorage.removeItem(KEY(storeId, productId))
  } catch {}
  return undefined
}

export function forgetPendingOrder(storeId: string, productId: string) {
  try {
    localStorage.removeItem(KEY(storeId, productId))
  } catch {}
}

/** Whether this browser remembers an order of this product that may still wait for its payment. */
export const hasPendingOrder = (storeId: string, productId: string) =>
  typeof window !== 'undefined' && read(storeId, productId) !== undefined

/** The remembered order page's address (pending-order-notice.tsx asks the server whether it still waits). */
export function pendingOrderUrl(storeId: string, productId: string): URL | undefined {
  const remembered = typeof window === 'undefined' ? undefined : read(storeId, productId)
  return remembered ? new URL(remembered.url, window.location.origin) : undefined
}
