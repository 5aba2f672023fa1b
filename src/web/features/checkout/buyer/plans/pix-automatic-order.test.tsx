import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderPage as OrderPageData } from '../../../../../shared/order-page'
import { api } from '../../../../lib/api'
import { copyText } from '../../../../lib/clipboard'
import { RouterBuyerNav } from '../nav/router-nav'
import OrderPage from '../order-page'
import type { PixMandate } from './get-pix-mandate'

// The order page with its reads replaced: the page's own answer (a pending PIX order) and the mandate's POST.
const page = vi.hoisted(() => ({ data: undefined as unknown }))
vi.mock('../api/get-order-page', () => ({
  useOrderPage: () => ({ data: page.data, isPending: false, isError: false }),
  orderPageQuery: () => ({ queryKey: ['order-page'] }),
  renewPix: vi.fn(),
}))
vi.mock('../api/get-customization', () => ({ useCustomization: () => ({ isPending: false, data: undefined }) }))
vi.mock('../../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}))
vi.mock('../../../../lib/clipboard', () => ({ copyText: vi.fn() }))
vi.mock('../../../funnels', () => ({ loadOfferBlock: async () => ({ default: () => null }) }))
vi.mock('../../../marketing', () => ({ loadUpsellRedirect: async () => ({ default: () => null }) }))
vi.mock('../../../reviews', () => ({ loadLeaveReview: async () => ({ default: () => null }) }))

const PLAN_ID = '7b1f6a52-9a55-4c36-9e53-0c8c1e1f0a01'
const PLAIN_PIX = '00020101021226580014br.gov.bcb.pix-plain'
const MANDATE: PixMandate = {
  authorizationId: 'auth-1',
  gatewayId: 'sbx-pa-1',
  status: 'PENDING',
  qrcode: '00020101021226580014br.gov.bcb.pix-automatico-jornada3',
  qrExpiresAt: '2027-03-01T13:00:00.000Z',
  firstAmountCents: 4990,
  amountCents: 4990,
}

/** The page's own answer names the plan when the order is paid by PIX Automático (the order keeps the choice). */
function pendingPix(orderId: string, pixAutomaticPlanId?: string): OrderPageData {
  return {
    ...(pixAutomaticPlanId ? { pixAutomaticPlanId } : {}),
    order: {
      id: orderId,
      storeId: 's1',
      orderNumber: '#1002',
      status: 'PENDING',
      productType: 'DIGITAL',
      paymentMethod: 'pix',
      customerName: 'Ana Souza',
      items: [{ name: 'Clube do Pão', quantity: 1, unitPrice: 49.9, total: 49.9, imageUrl: null }],
      subtotal: 49.9,
      shippingCost: 0,
      shippingMethod: null,
      estimatedDelivery: null,
      total: 49.9,
      createdAt: '2027-03-01T12:00:00.000Z',
      paidAt: null,
    },
    payment: {
      status: 'PENDING',
      method: 'PIX',
      pixCode: PLAIN_PIX,
      pixExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      boletoDueDate: null,
      cardLast4: null,
      cardBrand: null,
      installments: null,
      sandboxGatewayId: null,
      canRenew: false,
    },
  } as unknown as OrderPageData
}

function open(orderId: string, pixAutomaticPlanId?: string) {
  page.data = pendingPix(orderId, pixAutomaticPlanId)
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/pedido/${orderId}?t=tok`]}>
        <Routes>
          <Route
            path="/pedido/:orderId"
            element={
              <RouterBuyerNav>
                <OrderPage />
              </RouterBuyerNav>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  vi.mocked(api.post).mockReset().mockResolvedValue(MANDATE)
  vi.mocked(copyText).mockReset().mockResolvedValue(undefined)
})

describe('the order page of a plan by PIX Automático', () => {
  it('asks the mandate for this order and plan and shows its QR and copy button instead of the plain PIX QR', async () => {
    const user = open('o-pa', PLAN_ID)
    const panel = await screen.findByRole('region', { name: 'Pagamento Pix Automático' })
    expect(api.post).toHaveBeenCalledWith(
      '/checkout/orders/o-pa/pix-automatic',
      { token: 'tok', planId: PLAN_ID },
      expect.objectContaining({ auth: false }),
    )
    expect(screen.getByTestId('pix-automatic-code').textContent).toBe(MANDATE.qrcode)
    expect(screen.getByTitle('QR Code Pix Automático')).toBeTruthy()
    expect(panel.textContent).toContain('Autorize uma vez no app do banco; as próximas cobranças são automáticas')
    expect(panel.textContent?.replaceAll('\u00a0', ' ')).toContain('R$ 49,90')
    // The plain PIX QR of the order is not drawn: one QR, the one that also authorises.
    expect(screen.queryByRole('region', { name: 'Pagamento PIX' })).toBeNull()
    expect(screen.queryByText(PLAIN_PIX)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Copiar Código PIX' }))
    expect(copyText).toHaveBeenCalledWith(MANDATE.qrcode)
    await screen.findByRole('button', { name: 'Código Copiado!' })
  })

  it("says the server's refusal in Portuguese and asks again on 'Tentar novamente'", async () => {
    const { ApiError } = await vi.importActual<typeof import('../../../../lib/api')>('../../../../lib/api')
    vi.mocked(api.post)
      .mockReset()
      .mockRejectedValueOnce(new ApiError('Este plano não aceita Pix Automático', 422))
      .mockResolvedValue(MANDATE)
    const user = open('o-pa', PLAN_ID)
    await screen.findByText('Este plano não aceita Pix Automático')
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(screen.getByTestId('pix-automatic-code').textContent).toBe(MANDATE.qrcode))
    expect(api.post).toHaveBeenCalledTimes(2)
  })

  it('an order placed without PIX Automático keeps the plain PIX QR and never asks for a mandate', async () => {
    open('o-plain')
    await screen.findByRole('region', { name: 'Pagamento PIX' })
    expect(screen.getByTestId('pix-code').textContent).toBe(PLAIN_PIX)
    expect(api.post).not.toHaveBeenCalled()
  })
})
