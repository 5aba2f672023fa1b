// Stable machine codes beside the Portuguese message of every error answer (`{ statusCode, code, message,
// errors? }`): the browser decides by code, so a reworded message never changes what a screen does.

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  // Specific reasons a screen reacts to (the web reads each one; see the comment beside it for where).
  /** The product's stock ran out as the order was placed: the checkout shows its sold-out screen. */
  'ORDER_SOLD_OUT',
  /** The product is gone (deleted, another store's, inactive): the checkout says the link is wrong. */
  'PRODUCT_UNAVAILABLE',
  /** The gateway refused the card: the payment step says so and the buyer tries another card or method. */
  'CARD_REFUSED',
  /** The store has no gateway key: the digital checkout tells the buyer to contact the seller. */
  'PAYMENT_NOT_CONFIGURED',
  /** The coupon does not apply (unknown, expired, used up, below the minimum…): dropped, its reason under the field. */
  'COUPON_REFUSED',
  /** The chosen shipping option does not deliver to this CEP (or the store ships nothing): back to the delivery step. */
  'SHIPPING_UNAVAILABLE',
  /** The password change's current password is wrong: said under that field, the session stays. */
  'CURRENT_PASSWORD_WRONG',
  /** The CEP lookup found no such CEP: said under the CEP field (a lookup outage lets the buyer type the address). */
  'CEP_NOT_FOUND',
  /** The gateway refused the store's API key (a 401 that is not the merchant's session: no logout). */
  'GATEWAY_KEY_INVALID',
  /** This order's product already has the buyer's review: the form turns into its thank-you. */
  'REVIEW_ALREADY_SENT',
  /** The buyer's sign-in link is used, expired or forged: the sign-in page offers a new one. */
  'BUYER_LINK_INVALID',
  /** The buyer's order of this product was refunded or charged back: the area says the access ended. */
  'ACCESS_ENDED',
  /** A saved card unknown to this store and buyer (or past its 30 minutes): the one-click offer falls back to the form. */
  'SAVED_CARD_NOT_FOUND',
  /** The account that saved the card can no longer charge it: the one-click offer falls back to the form. */
  'CARD_ON_FILE_UNSUPPORTED',
  /** Two gateway accounts of a store cannot share a priority: said under the priority field. */
  'PRIORITY_TAKEN',
  /** The order page's offer window (30 minutes after payment) closed: the page shows the order as before. */
  'OFFER_CLOSED',
  /** The offer step answered is no longer the current one (another tab moved on): the page reloads the offer. */
  'OFFER_STEP_CHANGED',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The code of an answer that names no specific reason: its status's. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST'
    case 401:
      return 'UNAUTHENTICATED'
    case 403:
      return 'FORBIDDEN'
    case 404:
      return 'NOT_FOUND'
    case 409:
      return 'CONFLICT'
    case 413:
      return 'PAYLOAD_TOO_LARGE'
    case 422:
      return 'UNPROCESSABLE'
    case 429:
      return 'RATE_LIMITED'
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'
  }
}
