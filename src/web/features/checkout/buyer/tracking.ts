/**
 * The tracking seam (spec 001 §4): AddToCart when the product loads, InitiateCheckout when leaving the step before
 * payment, Purchase on a created order. A no-op for now; the pixel feature fills it in.
 */
export type TrackingEvent = 'AddToCart' | 'InitiateCheckout' | 'Purchase'

export interface TrackingData {
  storeId: string
  productId: string
  productName?: string
  value?: number
  currency?: 'BRL'
  orderId?: string
  orderNumber?: string
}

export function track(_event: TrackingEvent, _data: TrackingData): void {}
