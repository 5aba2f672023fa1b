import { describe, expect, it } from 'vitest'
import { PAYMENT_MESSAGES } from '../../../../shared/payments'
import { ApiError } from '../../../lib/api'
import { healthFailureMessage } from './check-health'

describe('Testar Conexão failures', () => {
  it('the gateway refusing the key is said by its code, not by the 401', () => {
    expect(healthFailureMessage(new ApiError('x', 401, undefined, undefined, 'GATEWAY_KEY_INVALID'))).toBe(
      PAYMENT_MESSAGES.invalidKey,
    )
    // The session's own 401 is not a bad key (the client logs out for it).
    expect(healthFailureMessage(new ApiError('x', 401, undefined, undefined, 'UNAUTHENTICATED'))).toBe(
      PAYMENT_MESSAGES.connectError,
    )
    expect(healthFailureMessage(new ApiError('x', 503, undefined, undefined, 'INTERNAL'))).toBe(
      PAYMENT_MESSAGES.connectError,
    )
  })
})
