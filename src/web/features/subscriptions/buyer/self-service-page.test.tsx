import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BuyerSubscription } from '../model'
import SelfServicePage from './self-service-page'

const PAST_DUE: BuyerSubscription = {
  id: 'sub-1',
  status: 'PAST_DUE',
  storeName: 'Clube do Livro',
  productName: 'Clube de Leitura',
  plan: {
    id: 'p1',
    name: 'Mensal',
    intervalUnit: 'MONTH',
    intervalCount: 1,
    priceCents: 4990,
    trialDays: 0,
    maxCycles: null,
    methods: ['credit_card'],
    label: 'R$ 49,90/mês',
    trialLabel: null,
  },
  method: 'credit_card',
  currentPeriodStart: '2026-12-28T17:00:00.000Z',
  currentPeriodEnd: '2027-01-28T17:00:00.000Z',
  accessUntil: '2026-12-28T17:00:00.000Z',
  hasAccess: false,
  cancelAtPeriodEnd: false,
  card: { brand: 'visa', last4: '0341' },
  invoices: [
    { number: 1, status: 'PAID', dueAt: '2026-11-28T17:00:00.000Z', amountCents: 4990, paidAt: null, orderId: 'o1' },
    { number: 2, status: 'PENDING', dueAt: '2026-12-28T17:00:00.000Z', amountCents: 4990, paidAt: null, orderId: null },
  ],
}
const RECOVERED: BuyerSubscription = {
  ...PAST_DUE,
  status: 'ACTIVE',
  hasAccess: true,
  accessUntil: '2027-01-28T17:00:00.000Z',
  card: { brand: 'visa', last4: '1111' },
}

/** The self-service routes as the server answers them; every request is kept to look at. */
function fakeServer() {
  const calls: { path: string; token: string | null; body?: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input))
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ path: url.pathname, token: url.searchParams.get('token'), body })
      if (url.searchParams.get('token') !== 'good-token-123')
        return Response.json({ statusCode: 404, message: 'Link inválido ou expirado' }, { status: 404 })
      if (url.pathname === '/api/subscriptions/self') return Response.json(PAST_DUE)
      if (url.pathname === '/api/subscriptions/self/card')
        return Response.json({
          subscription: RECOVERED,
          outcome: 'PAID',
          message: 'Pagamento aprovado: sua assinatura está em dia.',
        })
      if (url.pathname === '/api/subscriptions/self/cancel')
        return Response.json({ ...RECOVERED, status: 'CANCELED', hasAccess: false })
      return new Response('{}', { status: 404 })
    }),
  )
  return calls
}

afterEach(() => vi.unstubAllGlobals())

function open(token: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/assinatura?token=${token}`]}>
        <Routes>
          <Route path="/assinatura" element={<SelfServicePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

describe('the self-service page of the e-mail link', () => {
  it('says access is suspended; a new card pays the late renewal and access is back', async () => {
    const calls = fakeServer()
    const user = open('good-token-123')
    await screen.findByText('Acesso suspenso')
    expect(screen.getByText(/Não conseguimos cobrar a renovação/)).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Faturas' }).children).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Atualizar cartão' }))
    await user.click(screen.getByRole('button', { name: 'Salvar cartão' }))
    expect(await screen.findByText('Número do cartão é obrigatório')).toBeTruthy()
    await user.type(screen.getByLabelText('Nome no cartão'), 'maria da silva')
    await user.type(screen.getByLabelText('Número do cartão'), '4111111111111111')
    await user.type(screen.getByLabelText('Validade'), '1230')
    await user.type(screen.getByLabelText('CVV'), '123')
    await user.click(screen.getByRole('button', { name: 'Salvar cartão' }))
    await screen.findByText('Pagamento aprovado: sua assinatura está em dia.')
    expect(screen.getByTestId('subscription-access').textContent).toBe('Acesso liberado até 28/01/2027')
    expect(calls.find((c) => c.path === '/api/subscriptions/self/card')).toEqual({
      path: '/api/subscriptions/self/card',
      token: 'good-token-123',
      body: { cardName: 'MARIA DA SILVA', cardNumber: '4111 1111 1111 1111', cardExpiry: '12/30', cardCvv: '123' },
    })
  })

  it('cancels now with the link', async () => {
    const calls = fakeServer()
    const user = open('good-token-123')
    await user.click(await screen.findByRole('button', { name: 'Cancelar assinatura' }))
    await user.click(screen.getByRole('button', { name: 'Cancelar agora' }))
    await screen.findByText('Assinatura cancelada.')
    await waitFor(() => expect(screen.getByText('Cancelada')).toBeTruthy())
    expect(calls.find((c) => c.path === '/api/subscriptions/self/cancel')?.body).toEqual({ atPeriodEnd: false })
  })

  it('a tampered link is said plainly', async () => {
    fakeServer()
    open('tampered-token-1')
    await screen.findByText('Link inválido ou expirado')
    expect(screen.queryByRole('button', { name: 'Atualizar cartão' })).toBeNull()
  })
})
