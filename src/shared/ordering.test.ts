import { describe, expect, it } from 'vitest'
import { cardErrors, customerSchema, orderPayloadSchema, paymentSchema, stripNonLetters } from './ordering'

describe('checkout schemas', () => {
  it('normalises the customer', () => {
    const c = customerSchema.parse({
      name: ' Maria  123 Silva! ',
      email: ' m@x.com ',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
    })
    expect(c).toEqual({ name: 'Maria Silva', email: 'm@x.com', phone: '11987654321', cpf: '52998224725' })
    expect(stripNonLetters('João d’Ávila 2')).toBe('João dÁvila ')
  })

  it('reads street as address and shippingOptionId as method', () => {
    const p = orderPayloadSchema.parse({
      storeId: 's',
      productId: 'p',
      customer: { name: 'Ana', email: 'a@b.co', phone: '1133334444', cpf: '52998224725' },
      shipping: { street: 'Rua A', number: '1', city: 'X', state: 'sp', zipCode: '01310-100', shippingOptionId: 'opt' },
      payment: { method: 'PIX' },
    })
    expect(p.shipping).toMatchObject({ address: 'Rua A', method: 'opt', state: 'SP', zipCode: '01310100' })
    expect(p.payment.method).toBe('pix')
  })

  it('checks cards only for credit_card', () => {
    expect(paymentSchema.safeParse({ method: 'bank_slip' }).success).toBe(true)
    const now = new Date('2026-05-15T12:00:00Z')
    expect(
      cardErrors({ cardName: 'A', cardNumber: '4111 1111 1111 1111', expiryDate: '05/26', cvv: '1234' }, now),
    ).toEqual({})
    expect(cardErrors({ cardName: 'A', cardNumber: '4111', expiryDate: '04/26', cvv: '12' }, now)).toEqual({
      cardNumber: 'Número do cartão inválido. Deve ter 16 dígitos',
      expiryDate: 'Cartão expirado',
      cvv: 'CVV inválido',
    })
  })
})
