import { describe, expect, it } from 'vitest'
import type { ErrorCode } from '../../../../shared/error-codes'
import { MSG } from '../../../../shared/ordering-rules'
import { ApiError } from '../../../lib/api'
import {
  CARD_REFUSED_TEXT,
  couponRefusal,
  digitalOrderError,
  NOT_CONFIGURED_TEXT,
  orderRefusal,
  physicalOrderError,
} from './order-errors'

// Every refusal carries a message that names no reason: what the buyer reads and what the page does come from the code.
const refused = (status: number, code?: ErrorCode, message = 'Recusado') =>
  new ApiError(message, status, undefined, undefined, code)

describe('order failures, by code', () => {
  it('says sold out, product unavailable and card refused by their codes, on both checkouts', () => {
    for (const say of [physicalOrderError, digitalOrderError]) {
      expect(say(refused(409, 'ORDER_SOLD_OUT'))).toBe(MSG.soldOut)
      expect(say(refused(404, 'PRODUCT_UNAVAILABLE'))).toBe(MSG.productUnavailable)
      expect(say(refused(422, 'CARD_REFUSED'))).toBe(CARD_REFUSED_TEXT)
    }
  })

  it('gives the server’s own reason for a refused coupon or shipping option', () => {
    expect(digitalOrderError(refused(400, 'COUPON_REFUSED', 'Cupom expirado'))).toBe('Cupom expirado')
    expect(physicalOrderError(refused(400, 'SHIPPING_UNAVAILABLE', 'Sem entrega'))).toBe('Sem entrega')
  })

  it('the digital checkout says a store without a gateway by its code', () => {
    expect(digitalOrderError(refused(422, 'PAYMENT_NOT_CONFIGURED'))).toBe(NOT_CONFIGURED_TEXT)
  })

  it('words alone decide nothing: a message that reads like a reason, without its code, is just the message', () => {
    const worded = refused(409, 'CONFLICT', 'Produto esgotado')
    expect(orderRefusal(worded)).toBeUndefined()
    expect(orderRefusal(refused(404, 'NOT_FOUND', MSG.productUnavailable))).toBeUndefined()
    expect(digitalOrderError(refused(404, 'NOT_FOUND'))).not.toBe(MSG.productUnavailable)
    expect(couponRefusal(new ApiError('Cupom expirado', 400, undefined, { couponCode: 'Cupom expirado' }))).toBe(
      undefined,
    )
  })

  it('names the page’s reaction for the refusals it acts on', () => {
    expect(orderRefusal(refused(409, 'ORDER_SOLD_OUT'))).toEqual({ kind: 'soldOut' })
    expect(orderRefusal(refused(400, 'SHIPPING_UNAVAILABLE'))).toEqual({ kind: 'shipping' })
    expect(orderRefusal(refused(400, 'COUPON_REFUSED', 'Cupom esgotado'))).toEqual({
      kind: 'coupon',
      reason: 'Cupom esgotado',
    })
    expect(couponRefusal(refused(400, 'COUPON_REFUSED', 'Cupom esgotado'))).toBe('Cupom esgotado')
    expect(orderRefusal(refused(422, 'CARD_REFUSED'))).toBeUndefined()
    expect(orderRefusal(new Error('x'))).toBeUndefined()
  })

  it('a gateway out of reach is the spec’s unavailable text, whatever the code', () => {
    expect(physicalOrderError(refused(503, 'INTERNAL'))).toBe('Sistema de pagamento temporariamente indisponível')
    expect(physicalOrderError(refused(0))).toBe('Sistema de pagamento temporariamente indisponível')
  })
})
