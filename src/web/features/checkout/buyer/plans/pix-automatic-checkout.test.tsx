import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicProduct } from '../../../../../shared/catalog'
import type { OrderResult } from '../../../../../shared/ordering'
import type { PublicPlan } from '../../../../../shared/subscription-labels'
import { createDigitalOrder } from '../api/create-order'
import { paymentMethodsQuery } from '../api/get-payment-methods'
import { productQuery } from '../api/get-product'
import { getQuote } from '../api/get-quote'
import DigitalCheckoutPage from '../digital-checkout-page'
import { RouterBuyerNav } from '../nav/router-nav'
import { CUSTOMER, paymentMethods, quoteFor } from '../test-fixtures'
import { choiceOf } from './checkout-plans'

// As checkout-flow.test.tsx: what leaves the page is replaced; the product sells one plan by PIX Automático only.
vi.mock('../api/create-order', () => ({ createOrder: vi.fn(), createDigitalOrder: vi.fn() }))
vi.mock('../api/get-quote', () => ({ getQuote: vi.fn() }))
vi.mock('../recovery/checkout-session', async (original) => ({
  ...(await original<typeof import('../recovery/checkout-session')>()),
  reportSession: vi.fn(),
}))
vi.mock('../api/get-customization', () => ({ useCustomization: () => ({ isPending: false, data: undefined }) }))
vi.mock('../tracking', async (original) => ({ ...(await original<typeof import('../tracking')>()), track: vi.fn() }))
vi.mock('../../../marketing', () => ({ loadBumpOffers: async () => ({ default: () => null }) }))
vi.mock('../../../reviews', () => ({ loadReviewsCarousel: async () => ({ default: () => null }) }))
const PLAN: PublicPlan = {
  id: '7b1f6a52-9a55-4c36-9e53-0c8c1e1f0a01',
  name: 'Mensal',
  intervalUnit: 'MONTH',
  intervalCount: 1,
  priceCents: 4990,
  trialDays: 0,
  maxCycles: null,
  methods: ['pix_automatic'],
}
// The plan the picker lists: PLAN by default; a test may offer the plain PIX beside PIX Automático.
const listed = { plan: PLAN }
vi.mock('../api/get-plans', () => ({ useCheckoutPlans: () => ({ plans: [listed.plan], isSuccess: true }) }))

// The store takes PIX and card; the plan only PIX Automático.
const METHODS = paymentMethods({ pix: true, credit_card: true, bank_slip: true })
const PRODUCT: PublicProduct = {
  id: 'p1',
  storeId: 's1',
  name: 'Clube do Pão',
  description: null,
  price: 100,
  imageUrl: null,
  type: 'DIGITAL',
}
const CREATED = {
  success: true,
  orderId: 'o-pa',
  orderNumber: '#1002',
  transactionId: null,
  status: 'PENDING',
  total: 49.9,
  paymentUrl: null,
  qrCode: null,
  orderPageUrl: '/pedido/o-pa?t=token',
} as OrderResult

function open() {
  const client = new QueryClient()
  client.setQueryData(productQuery('s1', 'p1').queryKey, PRODUCT)
  client.setQueryData(paymentMethodsQuery('s1').queryKey, { success: true, data: METHODS })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/digital-checkout/s1/p1']}>
        <Routes>
          <Route
            path="/digital-checkout/:storeId/:productId"
            element={
              <RouterBuyerNav>
                <DigitalCheckoutPage />
              </RouterBuyerNav>
            }
          />
          <Route path="/pedido/:orderId" element={<p>Página do pedido</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  listed.plan = PLAN
  localStorage.clear()
  sessionStorage.clear()
  vi.mocked(getQuote)
    .mockReset()
    .mockImplementation(async (request) => quoteFor(request, { price: 49.9, shipping: 0, methods: METHODS }))
  vi.mocked(createDigitalOrder).mockReset().mockResolvedValue(CREATED)
})

describe('PIX Automático at the digital checkout', () => {
  it("a plan by PIX Automático only is paid by the store's PIX, named and explained as PIX Automático", () => {
    expect(choiceOf(PLAN)).toMatchObject({
      planId: PLAN.id,
      methods: ['pix'],
      pixAutomatic: { label: 'Pix Automático' },
    })
    expect(choiceOf({ ...PLAN, methods: ['credit_card', 'pix_automatic'] }).methods).toEqual(['credit_card', 'pix'])
    expect(choiceOf({ ...PLAN, methods: ['credit_card', 'pix'] }).pixAutomatic).toBeUndefined()
  })

  it("offers only 'Pix Automático', places a PIX order for the plan that keeps the choice", async () => {
    const user = open()
    await user.type(await screen.findByLabelText('Nome completo'), CUSTOMER.name)
    await user.type(screen.getByLabelText('E-mail'), CUSTOMER.email)
    await user.type(screen.getByLabelText('Telefone'), '11987654321')
    await user.type(screen.getByLabelText('CPF'), '52998224725')
    await user.click(screen.getByRole('button', { name: 'Continuar para Pagamento' }))

    const group = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' })
    await waitFor(() => expect(group.querySelectorAll('[role="radio"]')).toHaveLength(1))
    const only = screen.getByRole('radio', { name: /Pix Automático/ })
    expect(only.getAttribute('aria-checked')).toBe('true')
    expect(screen.queryByRole('radio', { name: /Cartão/ })).toBeNull()
    expect(screen.getByTestId('pix-automatic-note').textContent).toContain(
      'Autorize uma vez no app do banco; as próximas cobranças são automáticas',
    )

    await user.click(screen.getByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    // The order keeps the choice (the order page on any device shows the mandate's QR): plan, PIX and the flag.
    expect(vi.mocked(createDigitalOrder).mock.calls[0]?.[0]).toMatchObject({
      planId: PLAN.id,
      pixAutomatic: true,
      payment: { method: 'pix' },
    })
  })

  it('a plan offering PIX Automático and the plain PIX: the buyer chooses, the plain PIX is not sent as a mandate', async () => {
    listed.plan = { ...PLAN, methods: ['pix_automatic', 'pix'] }
    expect(choiceOf(listed.plan)).toMatchObject({ methods: ['pix'], pixAutomatic: { optional: true } })
    const user = open()
    await user.type(await screen.findByLabelText('Nome completo'), CUSTOMER.name)
    await user.type(screen.getByLabelText('E-mail'), CUSTOMER.email)
    await user.type(screen.getByLabelText('Telefone'), '11987654321')
    await user.type(screen.getByLabelText('CPF'), '52998224725')
    await user.click(screen.getByRole('button', { name: 'Continuar para Pagamento' }))

    // One PIX method, named as the store names it; under it the two ways, PIX Automático chosen first.
    const group = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' })
    await waitFor(() => expect(group.querySelectorAll('[role="radio"]')).toHaveLength(1))
    const pix = within(group).getByRole('radio', { name: /^PIX/ })
    expect(pix.getAttribute('aria-checked')).toBe('true')
    const automatic = screen.getByRole('radio', { name: /Pix Automático/ }) as HTMLInputElement
    const plain = screen.getByRole('radio', { name: /PIX a cada período/ }) as HTMLInputElement
    expect(automatic.checked).toBe(true)
    expect(screen.getByTestId('pix-automatic-note')).toBeTruthy()
    await user.click(plain)
    expect(plain.checked).toBe(true)
    expect(screen.queryByTestId('pix-automatic-note')).toBeNull()
    expect(screen.getByText(/novo código PIX por e-mail antes de cada vencimento/)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Finalizar Compra' }))
    await screen.findByText('Página do pedido')
    expect(vi.mocked(createDigitalOrder).mock.calls[0]?.[0]).toMatchObject({
      planId: PLAN.id,
      payment: { method: 'pix' },
    })
    // Not sent as PIX Automático: the order page shows the order's own PIX QR.
    expect(vi.mocked(createDigitalOrder).mock.calls[0]?.[0]).not.toHaveProperty('pixAutomatic')
  })
})
