import { describe, expect, it } from 'vitest'
import { formatCents } from '../../shared/money'
import { priceOrder } from '../../shared/pricing'
import { linesAddUp, orderLines } from './lines'

const base = {
  productType: 'PHYSICAL' as const,
  paymentMethod: 'PIX' as const,
  installments: null,
  shippingMethod: 'PAC',
  couponCode: null,
  couponDiscountCents: 0,
  methodDiscountCents: 0,
  methodDiscountBp: 0,
  interestRateBp: 0,
  interestCents: 0,
  installmentCents: null,
}

describe('order e-mail lines', () => {
  it('lists list prices, then coupon, PIX discount and freight, down to the total (the issue-33 order)', () => {
    // Items R$ 91,07 net against R$ 110,97: the lines must show the list prices and each step instead.
    const lines = orderLines({
      ...base,
      items: [
        { name: 'Camiseta', quantity: 1, listTotalCents: 8990, totalCents: 7693 },
        { name: 'Meia', quantity: 1, listTotalCents: 1650, totalCents: 1414 },
      ],
      subtotalCents: 10640,
      couponCode: 'bemvindo',
      couponDiscountCents: 1064,
      methodDiscountCents: 479,
      methodDiscountBp: 500,
      shippingCents: 2000,
      totalCents: 11097,
    })
    expect(lines.items.map((i) => i.totalCents)).toEqual([8990, 1650])
    expect(lines.adjustments).toEqual([
      { label: 'Subtotal', cents: 10640 },
      { label: 'Cupom BEMVINDO', cents: -1064 },
      { label: 'Desconto PIX (5%)', cents: -479 },
      { label: 'Frete (PAC)', cents: 2000, free: false },
    ])
    expect(linesAddUp(lines)).toBe(true)
  })

  it('names the boleto discount, free shipping and the card plan with interest', () => {
    const boleto = orderLines({
      ...base,
      paymentMethod: 'BANK_SLIP',
      items: [{ name: 'Livro', quantity: 2, listTotalCents: 6000, totalCents: 5700 }],
      subtotalCents: 6000,
      methodDiscountCents: 300,
      shippingCents: 0,
      totalCents: 5700,
    })
    expect(boleto.adjustments.map((a) => a.label)).toEqual(['Subtotal', 'Desconto boleto', 'Frete (PAC)'])
    expect(boleto.adjustments.at(-1)).toMatchObject({ free: true })
    expect(linesAddUp(boleto)).toBe(true)

    const card = orderLines({
      ...base,
      productType: 'DIGITAL',
      shippingMethod: null,
      paymentMethod: 'CREDIT_CARD',
      installments: 6,
      installmentCents: 2026,
      items: [{ name: 'Curso', quantity: 1, listTotalCents: 11000, totalCents: 11000 }],
      subtotalCents: 11000,
      shippingCents: 0,
      interestCents: 1156,
      interestRateBp: 299,
      totalCents: 12156,
    })
    expect(card.adjustments).toEqual([
      { label: 'Subtotal', cents: 11000 },
      { label: `Juros do parcelamento (6x de ${formatCents(2026)} · 2,99% a.m.)`, cents: 1156 },
    ])
    expect(linesAddUp(card)).toBe(true)
  })

  it('shows just the items and the total for a plain digital order', () => {
    const plain = orderLines({
      ...base,
      productType: 'DIGITAL',
      shippingMethod: null,
      items: [{ name: 'E-book', quantity: 1, listTotalCents: 2990, totalCents: 2990 }],
      subtotalCents: 2990,
      shippingCents: 0,
      totalCents: 2990,
    })
    expect(plain.adjustments).toEqual([])
    expect(linesAddUp(plain)).toBe(true)
  })

  it('adds up for whatever the pricing rules produce', () => {
    for (const [coupon, bp, shipping, installments] of [
      [{ type: 'PERCENTAGE', value: 1500 }, 500, 1990, 1],
      [{ type: 'FIXED', value: 700 }, 0, 0, 12],
      [null, 1000, 2590, 1],
    ] as const) {
      const price = priceOrder({
        lines: [
          { productId: 'a', amountCents: 9700, bump: false },
          { productId: 'b', amountCents: 2990, bump: true },
        ],
        coupon: coupon ? { ...coupon, productIds: [], appliesToBumps: true } : null,
        methodDiscountBp: bp,
        shippingCents: shipping,
        installments,
        rules: { max: 12, interestFree: 3, monthlyRateBp: 299 },
      })
      const lines = orderLines({
        ...base,
        paymentMethod: bp ? 'PIX' : 'CREDIT_CARD',
        installments,
        items: [
          { name: 'A', quantity: 1, listTotalCents: 9700, totalCents: 0 },
          { name: 'B', quantity: 1, listTotalCents: 2990, totalCents: 0 },
        ],
        subtotalCents: price.subtotalCents,
        couponDiscountCents: price.couponDiscountCents,
        methodDiscountCents: price.methodDiscountCents,
        shippingCents: shipping,
        interestCents: price.interestCents,
        installmentCents: price.installmentCents,
        totalCents: price.totalCents,
      })
      expect(linesAddUp(lines)).toBe(true)
    }
  })
})
