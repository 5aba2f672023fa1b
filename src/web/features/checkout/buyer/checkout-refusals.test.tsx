import { QueryClient } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicProduct } from '../../../../shared/catalog'
import type { ErrorCode } from '../../../../shared/error-codes'
import { MSG } from '../../../../shared/ordering-rules'
import { ApiError } from '../../../lib/api'
import { descriptionOf } from '../../../testing/dom'
import { createDigitalOrder, createOrder } from './api/create-order'
import { paymentMethodsQuery } from './api/get-payment-methods'
import { productQuery } from './api/get-product'
import { getQuote } from './api/get-quote'
import { CARD_REFUSED_TEXT } from './order-errors'
import { renderCheckout, where } from './render-checkout'
import { CUSTOMER, PAC, paymentMethods, quoteFor } from './test-fixtures'

// How the checkout reacts to a refused order: by the answer's code (shared/error-codes.ts), never by its words. Each
// refusal below carries a message that says nothing of its reason, so only the code can lead to the reaction.
vi.mock('./api/create-order', () => ({ createOrder: vi.fn(), createDigitalOrder: vi.fn() }))
vi.mock('./api/get-quote', () => ({ getQuote: vi.fn() }))
vi.mock('./api/calculate-shipping', () => ({
  calculateShipping: vi.fn(async () => ({
    zipCode: '01310100',
    subtotal: 100,
    options: [],
    fallback: false,
    message: null,
  })),
}))
vi.mock('./recovery/checkout-session', async (original) => ({
  ...(await original<typeof import('./recovery/checkout-session')>()),
  reportSession: vi.fn(),
}))
vi.mock('./api/get-customization', () => ({ useCustomization: () => ({ isPending: false, data: undefined }) }))
vi.mock('./tracking', async (original) => ({ ...(await original<typeof import('./tracking')>()), track: vi.fn() }))
vi.mock('../../marketing', () => ({ loadBumpOffers: async () => ({ default: () => null }) }))
vi.mock('../../reviews', () => ({ loadReviewsCarousel: async () => ({ default: () => null }) }))
// subscriptions: these products have no plans (the picker's own tests are in plans/).
vi.mock('./api/get-plans', () => ({ useCheckoutPlans: () => ({ plans: [], isSuccess: true }) }))

const METHODS = paymentMethods({ pix: true, credit_card: false, bank_slip: false })
const SHIPPING = {
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  method: 'pac',
}
const SAVED_KEY = 'checkout-form:s1:p1'
/** A refusal's reaction is a re-render or a navigation after the rejected promise: room for a loaded machine. */
const SETTLED = { timeout: 5000 }
const refusal = (status: number, code?: ErrorCode, message = 'Recusado') =>
  new ApiError(message, status, undefined, undefined, code)

function open(type: 'PHYSICAL' | 'DIGITAL', url: string) {
  const product: PublicProduct = {
    id: 'p1',
    storeId: 's1',
    name: 'Camiseta',
    description: null,
    price: 100,
    imageUrl: null,
    type,
  }
  const client = new QueryClient()
  client.setQueryData(productQuery('s1', 'p1').queryKey, product)
  client.setQueryData(paymentMethodsQuery('s1').queryKey, { success: true, data: METHODS })
  return renderCheckout(client, url)
}

const pay = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }))

beforeEach(() => {
  vi.mocked(getQuote)
    .mockReset()
    .mockImplementation(async (request) => quoteFor(request, { price: 100, shipping: PAC.price, methods: METHODS }))
  vi.mocked(createOrder).mockReset()
  vi.mocked(createDigitalOrder).mockReset()
  sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER, shipping: SHIPPING, option: PAC }))
})

describe('a refused order, by its code', () => {
  it('ORDER_SOLD_OUT turns the page into the sold-out screen', async () => {
    vi.mocked(createOrder).mockRejectedValue(refusal(409, 'ORDER_SOLD_OUT'))
    const user = open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await pay(user)
    await screen.findByRole('heading', { name: 'Produto esgotado' }, SETTLED)
    expect(screen.getByTestId('checkout-blocked')).toBeTruthy()
  })

  it('a 409 worded “Produto esgotado” without that code keeps the buyer on the payment step with the reason', async () => {
    vi.mocked(createOrder).mockRejectedValue(refusal(409, 'CONFLICT', 'Produto esgotado'))
    const user = open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await pay(user)
    await screen.findByText('Produto esgotado', {}, SETTLED)
    expect(screen.queryByTestId('checkout-blocked')).toBeNull()
    expect(screen.getByRole('button', { name: 'Finalizar Compra' })).toBeTruthy()
  })

  it('SHIPPING_UNAVAILABLE sends the buyer back to the delivery step to choose again', async () => {
    vi.mocked(createOrder).mockRejectedValue(refusal(400, 'SHIPPING_UNAVAILABLE'))
    const user = open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await pay(user)
    await screen.findByRole('heading', { name: 'Endereço de entrega' }, SETTLED)
    expect(where()).toBe('/checkout/s1/p1?etapa=2')
    // The address stays; only the option is forgotten.
    expect(JSON.parse(sessionStorage.getItem(SAVED_KEY)!)).toMatchObject({ shipping: { zipCode: '01310-100' } })
    expect(JSON.parse(sessionStorage.getItem(SAVED_KEY)!).option).toBeUndefined()
  })

  it('COUPON_REFUSED drops the coupon with the reason under its field, and the next try goes without it', async () => {
    vi.mocked(createDigitalOrder)
      .mockRejectedValueOnce(refusal(400, 'COUPON_REFUSED', 'Cupom esgotado'))
      .mockResolvedValue({
        success: true,
        orderId: 'o1',
        orderNumber: '#1001',
        transactionId: null,
        status: 'PENDING',
        total: 100,
        paymentUrl: null,
        qrCode: null,
        orderPageUrl: null,
      } as never)
    const user = open('DIGITAL', '/digital-checkout/s1/p1?etapa=2&cupom=ULTIMO')
    await screen.findByTestId('coupon-applied', {}, SETTLED)
    await pay(user)
    await waitFor(() => expect(screen.queryByTestId('coupon-applied')).toBeNull(), SETTLED)
    expect(descriptionOf(screen.getByLabelText('Cupom de desconto'))).toBe('Cupom esgotado')
    await pay(user)
    await waitFor(() => expect(createDigitalOrder).toHaveBeenCalledTimes(2), SETTLED)
    expect(vi.mocked(createDigitalOrder).mock.calls[0][0].couponCode).toBe('ULTIMO')
    expect(vi.mocked(createDigitalOrder).mock.calls[1][0].couponCode).toBeUndefined()
  })

  it('CARD_REFUSED and PRODUCT_UNAVAILABLE are said by their code', async () => {
    vi.mocked(createDigitalOrder)
      .mockRejectedValueOnce(refusal(422, 'CARD_REFUSED'))
      .mockRejectedValueOnce(refusal(404, 'PRODUCT_UNAVAILABLE'))
    const user = open('DIGITAL', '/digital-checkout/s1/p1?etapa=2')
    await pay(user)
    await screen.findByText(CARD_REFUSED_TEXT, {}, SETTLED)
    await pay(user)
    await screen.findByText(MSG.productUnavailable, {}, SETTLED)
  })
})
