import { QueryClient } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicProduct } from '../../../../shared/catalog'
import type { OrderResult } from '../../../../shared/ordering'
import { DIGITAL_SHIPPING_PLACEHOLDER } from '../../../../shared/ordering-rules'
import type { PublicPlan } from '../../../../shared/subscription-labels'
import { ApiError } from '../../../lib/api'
import { createDigitalOrder, createOrder } from './api/create-order'
import { paymentMethodsQuery } from './api/get-payment-methods'
import { productQuery } from './api/get-product'
import { getQuote } from './api/get-quote'
import { renderCheckout, where } from './render-checkout'
import { CUSTOMER, PAC, paymentMethods, quoteFor } from './test-fixtures'
import { track } from './tracking'

// The tests drive the one checkout flow (use-checkout-flow, checkout-flow.tsx) through both pages; what leaves the
// page (orders, price quotes, recovery session reports, pixel events) is replaced, and the lazy bump and review pieces draw nothing.
vi.mock('./api/create-order', () => ({ createOrder: vi.fn(), createDigitalOrder: vi.fn() }))
vi.mock('./api/get-quote', () => ({ getQuote: vi.fn() }))
vi.mock('./recovery/checkout-session', async (original) => ({
  ...(await original<typeof import('./recovery/checkout-session')>()),
  reportSession: vi.fn(),
}))
vi.mock('./api/get-customization', () => ({ useCustomization: () => ({ isPending: false, data: undefined }) }))
vi.mock('./tracking', async (original) => ({ ...(await original<typeof import('./tracking')>()), track: vi.fn() }))
vi.mock('../../marketing', () => ({ loadBumpOffers: async () => ({ default: () => null }) }))
vi.mock('../../reviews', () => ({ loadReviewsCarousel: async () => ({ default: () => null }) }))
// subscriptions: these products have no plans (the picker's own tests are in plans/), but the one test that gives some.
const offered = vi.hoisted(() => ({ plans: [] as PublicPlan[] }))
vi.mock('./api/get-plans', () => ({ useCheckoutPlans: () => ({ plans: offered.plans, isSuccess: true }) }))

const METHODS = paymentMethods({ pix: true, credit_card: false, bank_slip: false })
const product = (type: 'PHYSICAL' | 'DIGITAL'): PublicProduct => ({
  id: 'p1',
  storeId: 's1',
  name: type === 'DIGITAL' ? 'Curso de Pão' : 'Camiseta',
  description: null,
  price: 100,
  imageUrl: null,
  type,
})
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
const CREATED: OrderResult = {
  success: true,
  orderId: 'o1',
  orderNumber: '#1001',
  transactionId: null,
  status: 'PENDING',
  total: 119.9,
  paymentUrl: null,
  qrCode: null,
  orderPageUrl: '/pedido/o1?t=token',
} as OrderResult
const SAVED_KEY = 'checkout-form:s1:p1'

function open(type: 'PHYSICAL' | 'DIGITAL', url: string) {
  const client = new QueryClient()
  client.setQueryData(productQuery('s1', 'p1').queryKey, product(type))
  client.setQueryData(paymentMethodsQuery('s1').queryKey, { success: true, data: METHODS })
  return renderCheckout(client, url)
}

const events = () => vi.mocked(track).mock.calls.map(([name]) => name)
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent

beforeEach(() => {
  // The server's quote: the product, plus PAC once the delivery step chose it.
  vi.mocked(getQuote)
    .mockReset()
    .mockImplementation(async (request) => quoteFor(request, { price: 100, shipping: PAC.price, methods: METHODS }))
  vi.mocked(track).mockReset()
  vi.mocked(createOrder).mockReset().mockResolvedValue(CREATED)
  vi.mocked(createDigitalOrder)
    .mockReset()
    .mockResolvedValue({ ...CREATED, total: 100 })
})

describe('the digital checkout (2 steps)', () => {
  it("quotes the chosen plan (its price, not the product's), and the plan the buyer switches to", async () => {
    const monthly: PublicPlan = {
      id: 'plan-m',
      name: 'Mensal',
      intervalUnit: 'MONTH',
      intervalCount: 1,
      priceCents: 2990,
      trialDays: 0,
      maxCycles: null,
      methods: ['credit_card', 'pix'],
    }
    offered.plans = [monthly, { ...monthly, id: 'plan-a', name: 'Anual', intervalUnit: 'YEAR', priceCents: 29900 }]
    try {
      const user = open('DIGITAL', '/digital-checkout/s1/p1')
      const planOf = () => vi.mocked(getQuote).mock.calls.at(-1)?.[0].planId
      await waitFor(() => expect(planOf()).toBe('plan-m'))
      await user.click(await screen.findByRole('radio', { name: /Anual/ }))
      await waitFor(() => expect(planOf()).toBe('plan-a'))
    } finally {
      offered.plans = []
    }
  })

  it('goes from the customer to the payment, then places the order and opens its page', async () => {
    const user = open('DIGITAL', '/digital-checkout/s1/p1?utm_source=ig')
    await user.type(await screen.findByLabelText('Nome completo'), CUSTOMER.name)
    await user.type(screen.getByLabelText('E-mail'), CUSTOMER.email)
    await user.type(screen.getByLabelText('Telefone'), '11987654321')
    await user.type(screen.getByLabelText('CPF'), '52998224725')
    expect(events()[0]).toBe('AddToCart')
    expect(events()).not.toContain('InitiateCheckout')
    await user.click(screen.getByRole('button', { name: 'Continuar para Pagamento' }))

    expect(where()).toBe('/digital-checkout/s1/p1?utm_source=ig&etapa=2')
    expect(currentStep()).toContain('Pagamento')
    expect(events().filter((e) => e === 'InitiateCheckout')).toHaveLength(1)
    expect(vi.mocked(track).mock.calls.find(([e]) => e === 'InitiateCheckout')?.[1]).toEqual({
      storeId: 's1',
      productId: 'p1',
      productName: 'Curso de Pão',
      value: 100,
      currency: 'BRL',
    })
    expect(JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? '{}')).toEqual({ customer: CUSTOMER })

    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    expect(createDigitalOrder).toHaveBeenCalledWith(
      {
        storeId: 's1',
        productId: 'p1',
        productType: 'DIGITAL',
        customer: CUSTOMER,
        shipping: DIGITAL_SHIPPING_PLACEHOLDER,
        payment: { method: 'pix', cardName: '', cardNumber: '', expiryDate: '', cvv: '', installments: 1 },
        items: [{ productId: 'p1', quantity: 1, price: 100, name: 'Curso de Pão' }],
        totalPrice: 100,
        orderBumps: [],
        // recovery: the order ends this visit's checkout session.
        checkoutSessionId: expect.any(String),
      },
      expect.any(String),
    )
    expect(createOrder).not.toHaveBeenCalled()
    expect(vi.mocked(track).mock.calls.find(([e]) => e === 'Purchase')?.[1]).toMatchObject({
      orderId: 'o1',
      orderNumber: '#1001',
      value: 100,
    })
    expect(where()).toBe('/pedido/o1?t=token')
    expect(sessionStorage.getItem(SAVED_KEY)).toBeNull()
  })

  it('a pasted ?etapa=2 without the customer’s data starts at the first step', async () => {
    open('DIGITAL', '/digital-checkout/s1/p1?etapa=2')
    await screen.findByLabelText('Nome completo')
    expect(where()).toBe('/digital-checkout/s1/p1')
    expect(currentStep()).toContain('Dados')
  })

  it('a reload on the payment step stays there, and a refused order keeps the buyer on it with the reason', async () => {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER }))
    const reason = 'A oferta "Ebook" esgotou. Remova-a para concluir a compra.'
    vi.mocked(createDigitalOrder).mockRejectedValue(new ApiError(reason, 409, undefined, undefined, 'CONFLICT'))
    const user = open('DIGITAL', '/digital-checkout/s1/p1?etapa=2')
    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }))
    expect((await screen.findAllByText(reason)).length).toBeGreaterThan(0)
    expect(where()).toBe('/digital-checkout/s1/p1?etapa=2')
    expect(events()).not.toContain('Purchase')
    expect(sessionStorage.getItem(SAVED_KEY)).not.toBeNull()
  })
})

describe('a page reopened from a recovery link', () => {
  const RESTORE_KEY = 'checkout-restore:s1:p1'

  it('applies the restored coupon as if typed and orders with it', async () => {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER }))
    sessionStorage.setItem(RESTORE_KEY, JSON.stringify({ bumpIds: [], coupon: 'VOLTA10' }))
    const user = open('DIGITAL', '/digital-checkout/s1/p1?etapa=2')
    await waitFor(() => expect(vi.mocked(getQuote).mock.calls.some(([r]) => r.couponCode === 'VOLTA10')).toBe(true))
    // held by the page now: a reload starts from what is on screen
    expect(sessionStorage.getItem(RESTORE_KEY)).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    expect(vi.mocked(createDigitalOrder).mock.calls[0][0]).toMatchObject({ couponCode: 'VOLTA10' })
  })

  it('a restored coupon the server refuses shows its reason and is not sent', async () => {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER }))
    sessionStorage.setItem(RESTORE_KEY, JSON.stringify({ bumpIds: [], coupon: 'VENCIDO' }))
    vi.mocked(getQuote).mockImplementation(async (request) => {
      if (request.couponCode === 'VENCIDO')
        throw new ApiError('Cupom expirado', 400, undefined, { couponCode: 'Cupom expirado' }, 'COUPON_REFUSED')
      return quoteFor(request, { price: 100, shipping: PAC.price, methods: METHODS })
    })
    const user = open('DIGITAL', '/digital-checkout/s1/p1?etapa=2')
    expect(await screen.findByText('Cupom expirado')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    expect(vi.mocked(createDigitalOrder).mock.calls[0][0].couponCode).toBeUndefined()
  })
})

describe('a recovery link that reached the payment (issue 33)', () => {
  it('opens on the payment with the address and its option; asks the CPF it never keeps before ordering', async () => {
    // what restoreFromLink writes (recovery/checkout-session.test.tsx): no CPF, the address, its option quoted again
    sessionStorage.setItem(
      SAVED_KEY,
      JSON.stringify({ customer: { ...CUSTOMER, cpf: '' }, shipping: SHIPPING, option: PAC }),
    )
    const user = open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await screen.findByRole('button', { name: 'Finalizar Compra' })
    expect(where()).toBe('/checkout/s1/p1?etapa=3')
    expect(currentStep()).toContain('Pagamento')
    await user.click(screen.getByRole('button', { name: 'Finalizar Compra' }))
    const cpf = await screen.findByLabelText('CPF')
    await waitFor(() => expect(document.activeElement).toBe(cpf))
    expect(screen.getByText('CPF é obrigatório')).toBeTruthy()
    expect(createOrder).not.toHaveBeenCalled()
    await user.type(cpf, '52998224725')
    // the field stays while the buyer types, the last digit included
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-25')
    await user.click(screen.getByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    expect(vi.mocked(createOrder).mock.calls[0][0]).toMatchObject({
      customer: CUSTOMER,
      shipping: expect.objectContaining({ address: 'Avenida Paulista', zipCode: '01310-100', method: 'pac' }),
    })
  })
})

describe('the physical checkout (3 steps)', () => {
  it('a pasted ?etapa=3 with only the customer’s data saved opens the delivery step', async () => {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER }))
    open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await screen.findByRole('heading', { name: 'Endereço de entrega' })
    expect(where()).toBe('/checkout/s1/p1?etapa=2')
    expect(currentStep()).toContain('Entrega')
    // Entering the delivery step is not the pixel's InitiateCheckout: that is the payment step.
    expect(events()).not.toContain('InitiateCheckout')
  })

  it('from the saved address and option: pays with the shipping in the total and the address in the order', async () => {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER, shipping: SHIPPING, option: PAC }))
    const user = open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        productType: 'PHYSICAL',
        customer: CUSTOMER,
        totalPrice: 119.9,
        shipping: {
          address: 'Avenida Paulista',
          street: 'Avenida Paulista',
          number: '1000',
          complement: '',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
          zipCode: '01310-100',
          method: 'pac',
        },
      }),
      expect.any(String),
    )
    expect(createDigitalOrder).not.toHaveBeenCalled()
    // The total is the server's, asked for the saved delivery option.
    expect(getQuote).toHaveBeenCalledWith(
      expect.objectContaining({ productId: 'p1', shipping: { zipCode: '01310-100', method: 'pac' } }),
    )
  })

  it('the summary counts the chosen shipping', async () => {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ customer: CUSTOMER, shipping: SHIPPING, option: PAC }))
    open('PHYSICAL', '/checkout/s1/p1?etapa=3')
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toMatch(/119,90/))
    expect(screen.getByText('Frete (PAC)')).toBeTruthy()
  })
})
