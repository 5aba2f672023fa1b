import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PublicProduct } from '../../../../../shared/catalog'
import type { CheckoutMethodId } from '../../../../../shared/ordering-rules'
import { localTotalCents } from '../summary-figures'
import { PAC, paymentMethods, quoteFor } from '../test-fixtures'
import { OrderSummary } from './order-summary'

// The store of issue 33: R$ 89,90 + PAC R$ 19,90, PIX 5% off, boleto 3% off, 12x with 3 sem juros and 2,99% a.m.
const PRODUCT: PublicProduct = {
  id: 'p1',
  storeId: 's1',
  name: 'Camiseta Algodão',
  description: null,
  price: 89.9,
  imageUrl: null,
  type: 'PHYSICAL',
}
const SHIPPING = { ...PAC, price: 19.9 }
const METHODS = paymentMethods(undefined, 12, {
  pixDiscountPercent: 5,
  slipDiscountPercent: 3,
  interestFree: 3,
  monthlyRatePercent: 2.99,
})
// Intl writes R$ with a no-break space; the labels from the shared pricing with a plain one.
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ')

function show({
  quoteFor: request,
  methods = METHODS,
  shipping = true,
}: {
  quoteFor?: { paymentMethod?: CheckoutMethodId; installments?: number }
  methods?: typeof METHODS
  shipping?: boolean
} = {}) {
  const quote = request
    ? quoteFor(
        {
          storeId: 's1',
          productId: 'p1',
          shipping: shipping ? { zipCode: '01310100', method: 'pac' } : undefined,
          ...request,
        },
        { price: PRODUCT.price, shipping: SHIPPING.price, methods },
      )
    : undefined
  const cart = { product: PRODUCT, shipping: shipping ? SHIPPING.price : 0, bumps: [] }
  const total = quote?.total ?? localTotalCents(cart, methods, request?.paymentMethod, request?.installments ?? 1) / 100
  render(
    <OrderSummary
      product={PRODUCT}
      shipping={shipping ? SHIPPING : null}
      quote={quote}
      methods={methods}
      method={request?.paymentMethod}
      total={total}
    />,
  )
  return userEvent.setup()
}

describe('OrderSummary', () => {
  it('from the first step, before any quote: the PIX price with its discount and the longest plan', () => {
    show()
    expect(text('summary-pix-price')).toBe('R$ 105,30 no PIX5% OFF')
    expect(text('summary-plan')).toBe('ou até 12x de R$ 11,02 com juros')
    expect(text('summary-total')).toBe('R$ 109,80')
    expect(screen.queryByTestId('summary-method-discount')).toBeNull()
  })

  it('tells the same figures once the server’s quote answers (one pricing for both)', () => {
    show({ quoteFor: {} })
    expect(text('summary-pix-price')).toBe('R$ 105,30 no PIX5% OFF')
    expect(text('summary-plan')).toBe('ou até 12x de R$ 11,02 com juros')
    expect(text('summary-total')).toBe('R$ 109,80')
  })

  it('says “sem juros” when the longest plan is, and leaves out what the store does not take', () => {
    show({ methods: paymentMethods({ pix: false, credit_card: true, bank_slip: true }, 12) })
    expect(screen.queryByTestId('summary-pix-price')).toBeNull()
    expect(text('summary-plan')).toBe('Em até 12x de R$ 9,15 sem juros')
  })

  it('names the discount by its method: Desconto PIX (5%), Desconto boleto (3%)', () => {
    show({ quoteFor: { paymentMethod: 'pix' } })
    expect(text('summary-method-discount')).toBe('Desconto PIX (5%)−R$ 4,50')
    expect(text('summary-total')).toBe('R$ 105,30')
    expect(screen.queryByText(/Desconto no pagamento/)).toBeNull()
  })

  it('names the boleto discount', () => {
    show({ quoteFor: { paymentMethod: 'bank_slip' } })
    expect(text('summary-method-discount')).toBe('Desconto boleto (3%)−R$ 2,70')
  })

  it('a plan above the interest-free ones: the interest line names the plan and its rate', () => {
    show({ quoteFor: { paymentMethod: 'credit_card', installments: 6 } })
    expect(text('summary-interest')).toBe('Juros (6x de R$ 20,26 · 2,99% a.m.)R$ 11,76')
    expect(text('summary-total')).toBe('R$ 121,56')
  })

  it('an interest-free plan has no interest line', () => {
    show({ quoteFor: { paymentMethod: 'credit_card', installments: 3 } })
    expect(screen.queryByTestId('summary-interest')).toBeNull()
    expect(text('summary-total')).toBe('R$ 109,80')
  })

  it('opens the folded lines on a phone with “Ver detalhes”', async () => {
    const user = show()
    const toggle = screen.getByRole('button', { name: 'Ver detalhes' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByTestId('order-summary').className).not.toContain('ck-summary-open')
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Ocultar detalhes' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByTestId('order-summary').className).toContain('ck-summary-open')
    // the product's name comes before the lines
    const summary = screen.getByTestId('order-summary').textContent ?? ''
    expect(summary.indexOf('Camiseta Algodão')).toBeLessThan(summary.indexOf('Subtotal'))
  })
})
