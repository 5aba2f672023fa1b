import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AcceptResult, Offer, OfferChild } from '../../../../shared/funnels'
import { ApiError, api } from '../../../lib/api'
import OfferBlock from './offer-block'

// The offer's calls answered as the server does (shared/funnels.ts schemas); no server, the block's own logic only.
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}))

const OFFER: Offer = {
  stepKey: 'a',
  headline: 'Leve a mentoria',
  description: 'Doze encontros ao vivo',
  productName: 'Mentoria em Grupo',
  imageUrl: null,
  priceCents: 19_700,
  maxInstallments: 3,
  payWith: 'CREDIT_CARD',
  cardLast4: '1111',
  closesAt: '2027-03-01T12:30:00.000Z',
  notice: null,
}
const CHILD: OfferChild = {
  orderId: 'child-1',
  orderNumber: '#1003',
  status: 'PAID',
  totalCents: 19_700,
  pageUrl: '/pedido/child-1?t=x',
  pixCode: null,
}

/** GET …/offer and GET …/offer/orders, by path. */
function answers(offer: Offer | null | Error, children: OfferChild[] = []) {
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path.endsWith('/offer/orders')) return children
    if (offer instanceof Error) throw offer
    return offer ?? undefined
  })
}

beforeEach(() => {
  vi.mocked(api.get).mockReset()
  vi.mocked(api.post).mockReset()
})

describe('the offer on the order page', () => {
  it('asks nothing while the order is unpaid and shows the offer as soon as the page sees it paid (PIX)', async () => {
    answers({ ...OFFER, payWith: 'PIX', cardLast4: null, maxInstallments: 1 })
    const onState = vi.fn()
    const { rerender, container } = render(<OfferBlock orderId="o1" token="tok" paid={false} onState={onState} />)
    expect(api.get).not.toHaveBeenCalled()
    expect(container.textContent).toBe('')
    // The order page polls its order; the payment lands and the same page renders it paid.
    rerender(<OfferBlock orderId="o1" token="tok" paid onState={onState} />)
    await screen.findByRole('heading', { name: 'Leve a mentoria' })
    expect(api.get).toHaveBeenCalledWith('/orders/o1/offer', { auth: false, query: { t: 'tok' } })
    expect(screen.getByText('Você recebe um novo PIX só desta oferta.')).toBeTruthy()
    expect(screen.queryByLabelText('Parcelas')).toBeNull()
    expect(onState).toHaveBeenLastCalledWith('active')
    expect(document.body.textContent).not.toMatch(/upsell|Redirecionamento/i)
  })

  it('one tap sends only the step and the plan with an Idempotency-Key, lists the order taken and shows the next step', async () => {
    answers(OFFER)
    const next: Offer = { ...OFFER, stepKey: 'b', headline: 'Entre na comunidade', maxInstallments: 1 }
    const result: AcceptResult = { accepted: true, child: CHILD, refused: false, message: null, next }
    vi.mocked(api.post).mockResolvedValue(result)
    const user = userEvent.setup()
    render(<OfferBlock orderId="o1" token="tok" paid />)
    await screen.findByText('Cobrado no cartão final 1111, o mesmo desta compra.')
    expect(screen.queryByLabelText(/Número do cartão|CVV/)).toBeNull()
    await user.selectOptions(screen.getByLabelText('Parcelas'), '3')
    await user.click(screen.getByRole('button', { name: 'Sim, quero!' }))
    await screen.findByRole('heading', { name: 'Entre na comunidade' })
    expect(api.post).toHaveBeenCalledTimes(1)
    const [path, body, opts] = vi.mocked(api.post).mock.calls[0]!
    expect(path).toBe('/orders/o1/offer/accept')
    // No price, product or total: the server prices the child from the step.
    expect(body).toEqual({ stepKey: 'a', installments: 3 })
    expect(opts).toMatchObject({ auth: false, query: { t: 'tok' } })
    expect((opts as { headers: Record<string, string> }).headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    const taken = screen.getByTestId('offer-orders')
    expect(taken.textContent?.replaceAll('\u00a0', ' ')).toContain('Pedido #1003 · R$ 197,00 · Pago')
    expect(screen.getByRole('link', { name: 'Pedido #1003' }).getAttribute('href')).toBe(CHILD.pageUrl)
  })

  it('a closed window (410) shows no offer but keeps the orders taken, and the funnel still holds the page', async () => {
    answers(new ApiError('Esta oferta não está mais disponível', 410, undefined, undefined, 'OFFER_CLOSED'), [CHILD])
    const onState = vi.fn()
    render(<OfferBlock orderId="o1" token="tok" paid onState={onState} />)
    await screen.findByTestId('offer-orders')
    expect(screen.queryByTestId('offer')).toBeNull()
    // 'active': the store's post-purchase redirect stays off for an order its funnel already served.
    expect(onState).toHaveBeenLastCalledWith('active')
  })

  it('a closed window with nothing taken leaves the page as it was', async () => {
    answers(new ApiError('Esta oferta não está mais disponível', 410, undefined, undefined, 'OFFER_CLOSED'))
    const onState = vi.fn()
    const { container } = render(<OfferBlock orderId="o1" token="tok" paid onState={onState} />)
    await waitFor(() => expect(onState).toHaveBeenCalled())
    expect(onState).toHaveBeenLastCalledWith('active')
    expect(container.textContent).toBe('')
  })

  it('no funnel for this order (204): nothing shown and the page keeps its post-purchase redirect', async () => {
    answers(null)
    const onState = vi.fn()
    const { container } = render(<OfferBlock orderId="o1" token="tok" paid onState={onState} />)
    await waitFor(() => expect(onState).toHaveBeenCalledWith('none'))
    expect(container.textContent).toBe('')
  })

  it('a tap refused for another reason (the card no longer kept) says it in one line and keeps the offer', async () => {
    answers(OFFER)
    const gone = 'O cartão desta compra não está mais disponível para uma nova cobrança'
    vi.mocked(api.post).mockRejectedValue(new ApiError(gone, 409, undefined, undefined, 'SAVED_CARD_NOT_FOUND'))
    const user = userEvent.setup()
    render(<OfferBlock orderId="o1" token="tok" paid />)
    await user.click(await screen.findByRole('button', { name: 'Sim, quero!' }))
    expect((await screen.findByRole('alert')).textContent).toBe(gone)
    expect(screen.getByRole('heading', { name: 'Leve a mentoria' })).toBeTruthy()
  })

  it('a tap retried after a lost answer sends the same Idempotency-Key; another plan is a new key', async () => {
    answers(OFFER)
    vi.mocked(api.post).mockRejectedValue(new ApiError('Sem conexão', 0))
    const user = userEvent.setup()
    render(<OfferBlock orderId="o1" token="tok" paid />)
    const yes = await screen.findByRole('button', { name: 'Sim, quero!' })
    const keys = () =>
      vi
        .mocked(api.post)
        .mock.calls.map((c) => (c[2] as { headers: Record<string, string> }).headers['idempotency-key'])
    await user.click(yes)
    await screen.findByRole('alert')
    await user.click(yes)
    await waitFor(() => expect(keys()).toHaveLength(2))
    expect(keys()[1]).toBe(keys()[0])
    await user.selectOptions(screen.getByLabelText('Parcelas'), '2')
    await user.click(yes)
    await waitFor(() => expect(keys()).toHaveLength(3))
    expect(keys()[2]).not.toBe(keys()[0])
  })

  it('a sold-out last step moves on like a decline: the offer goes and one line says nothing was charged', async () => {
    answers(OFFER)
    const soldOut = 'Esta oferta esgotou agora há pouco: nada foi cobrado.'
    const result: AcceptResult = { accepted: false, child: null, refused: false, message: soldOut, next: null }
    vi.mocked(api.post).mockResolvedValue(result)
    const user = userEvent.setup()
    render(<OfferBlock orderId="o1" token="tok" paid />)
    await user.click(await screen.findByRole('button', { name: 'Sim, quero!' }))
    await waitFor(() => expect(screen.queryByTestId('offer')).toBeNull())
    expect(screen.getByRole('status').textContent).toBe(soldOut)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("a sold-out step with a 'se recusar' shows that step, the line on top of it", async () => {
    answers(OFFER)
    const soldOut = 'Esta oferta esgotou agora há pouco: nada foi cobrado.'
    const next: Offer = { ...OFFER, stepKey: 'a2', headline: 'Uma versão menor', notice: soldOut }
    vi.mocked(api.post).mockResolvedValue({ accepted: false, child: null, refused: false, message: soldOut, next })
    const user = userEvent.setup()
    render(<OfferBlock orderId="o1" token="tok" paid />)
    await user.click(await screen.findByRole('button', { name: 'Sim, quero!' }))
    await screen.findByRole('heading', { name: 'Uma versão menor' })
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual([soldOut])
  })

  it('a PIX taken from the offer turns Pago on the page once it is paid', async () => {
    const pending = { ...CHILD, status: 'PENDING', pixCode: '000201pix' }
    let children: OfferChild[] = [pending]
    vi.mocked(api.get).mockImplementation(async (path: string) =>
      path.endsWith('/offer/orders') ? children : undefined,
    )
    render(<OfferBlock orderId="o1" token="tok" paid />)
    await screen.findByText('000201pix')
    expect(screen.getByTestId('offer-order-status').textContent).toBe('Aguardando pagamento')
    children = [{ ...CHILD }]
    await waitFor(() => expect(screen.getByTestId('offer-order-status').textContent).toBe('Pago'), { timeout: 8000 })
    expect(screen.queryByText('000201pix')).toBeNull()
  })
})
