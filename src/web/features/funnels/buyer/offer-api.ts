/** The order page's offer calls: the page's token is the only credential (no session is sent). */
import type { AcceptResult, Offer, OfferChild } from '../../../../shared/funnels'
import { api } from '../../../lib/api'

const base = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/offer`

/** The current step, or null (204: no offer for this order, or the funnel ended). */
export async function getOffer(orderId: string, token: string): Promise<Offer | null> {
  return (await api.get<Offer | undefined>(base(orderId), { auth: false, query: { t: token } })) ?? null
}

export function getOfferOrders(orderId: string, token: string): Promise<OfferChild[]> {
  return api.get<OfferChild[]>(`${base(orderId)}/orders`, { auth: false, query: { t: token } })
}

export function acceptOffer(
  orderId: string,
  token: string,
  body: { stepKey: string; installments?: number },
  key: string,
) {
  return api.post<AcceptResult>(`${base(orderId)}/accept`, body, {
    auth: false,
    query: { t: token },
    headers: { 'idempotency-key': key },
    // A card charge at the gateway may take its time (≤ 30 s).
    timeoutMs: 45_000,
  })
}

export function declineOffer(orderId: string, token: string, stepKey: string) {
  return api.post<{ next: Offer | null }>(`${base(orderId)}/decline`, { stepKey }, { auth: false, query: { t: token } })
}
