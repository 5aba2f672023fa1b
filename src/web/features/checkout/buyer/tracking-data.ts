/** What a tracked checkout event carries (./tracking.ts), apart so the pixel's chunk can name it too. */
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
