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
  // Specific reasons a screen reacts to.
  'ORDER_SOLD_OUT',
  'PRODUCT_UNAVAILABLE',
  'CARD_REFUSED',
  'PAYMENT_NOT_CONFIGURED',
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
