import type { DigitalOrderPayload, OrderPayload, OrderResult } from '../../../../../shared/ordering'
import { api } from '../../../../lib/api'
import { readTrackingParams } from '../tracking-params'

/**
 * The ad attribution kept since the page loaded goes with every order. The same Idempotency-Key on a retried
 * submit returns the first answer instead of a second order.
 */
function postOrder(path: string, payload: object, idempotencyKey: string): Promise<OrderResult> {
  return api.post<OrderResult>(
    path,
    { ...payload, tracking: readTrackingParams() },
    { auth: false, timeoutMs: 60_000, headers: { 'idempotency-key': idempotencyKey } },
  )
}

export function createOrder(payload: OrderPayload, idempotencyKey: string): Promise<OrderResult> {
  return postOrder('/checkout/create-order', payload, idempotencyKey)
}

export function createDigitalOrder(payload: DigitalOrderPayload, idempotencyKey: string): Promise<OrderResult> {
  return postOrder('/checkout/create-digital-order', payload, idempotencyKey)
}
