import type { Quote, QuoteRequest } from '../../../../../shared/quote'
import { api } from '../../../../lib/api'

/** The payment step's figures, priced by the server exactly as the order will be (coupon, discounts, interest). */
export function getQuote(request: QuoteRequest): Promise<Quote> {
  return api.post<Quote>('/checkout/quote', request, { auth: false, timeoutMs: 10_000 })
}
