/** The buyer's public marketing calls: no token is sent and failures never reach the page (spec 001 §7). */
import type { BumpOffer, BumpPosition, PublicUpsell, UpsellTrackKind } from '../../../../shared/marketing'
import { api } from '../../../lib/api'

const store = (storeId: string) => `/stores/${encodeURIComponent(storeId)}`

export function calculateBumps(
  storeId: string,
  position: BumpPosition,
  cart: { items: { productId: string; quantity: number; price: number }[]; cartTotal: number; currentStep: number },
): Promise<BumpOffer[]> {
  return api.post<BumpOffer[]>(`${store(storeId)}/order-bumps/calculate`, cart, { auth: false, query: { position } })
}

/** Fire and forget: a counter that fails to count must not disturb the buyer. */
export function trackBump(storeId: string, bumpId: string, kind: 'display' | 'conversion', visitId: string) {
  void api
    .post(`${store(storeId)}/order-bumps/${encodeURIComponent(bumpId)}/${kind}`, { visitId }, { auth: false })
    .catch(() => undefined)
}

export function eligibleUpsell(storeId: string): Promise<{ upsell: PublicUpsell | null }> {
  return api.get(`${store(storeId)}/upsells/eligible`, { auth: false })
}

export function trackUpsell(storeId: string, upsellId: string, kind: UpsellTrackKind, visitId: string) {
  void api
    .post(`${store(storeId)}/upsells/${encodeURIComponent(upsellId)}/track/${kind}`, { visitId }, { auth: false })
    .catch(() => undefined)
}

/**
 * One id per checkout visit (this tab, this store and product): both bump steps share it, so a display counts once
 * per visit however often the widget re-renders or reloads.
 */
export function visitIdFor(scope: string): string {
  const key = `mk-visit:${scope}`
  try {
    const existing = sessionStorage.getItem(key)
    if (existing) return existing
    const id = crypto.randomUUID()
    sessionStorage.setItem(key, id)
    return id
  } catch {
    return crypto.randomUUID()
  }
}
