import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { PublicPaymentMethods } from '../../../../../shared/payments'
import { descriptionOf, typed } from '../../../../testing/dom'
import { paymentMethodsQuery } from '../api/get-payment-methods'
import { getQuote } from '../api/get-quote'
import { usePricing } from '../hooks/use-pricing'
import { RouterBuyerNav } from '../nav/router-nav'
import { paymentMethods, quoteFor } from '../test-fixtures'
import { PaymentStep } from './payment-step'

// The server's quote is answered here, priced by the same shared function (no request leaves the test).
vi.mock('../api/get-quote', () => ({ getQuote: vi.fn() }))

const METHODS = paymentMethods()
const NO_BUMPS: string[] = []

/** The step with its pricing as the checkout flow gives it (usePricing reads ?cupom= from the router). */
function WithPricing(props: Omit<ComponentProps<typeof PaymentStep>, 'pricing'>) {
  const pricing = usePricing({ storeId: props.storeId, productId: 'p1', bumpIds: NO_BUMPS })
  return <PaymentStep {...props} pricing={pricing} />
}

/** The step as the page shows it, with the store's methods already read and the quote answered by a fake. */
function setup({
  methods = METHODS,
  error,
  submitting = false,
  quoteArrives = true,
  digital = false,
}: {
  digital?: boolean
  methods?: PublicPaymentMethods
  error?: string
  submitting?: boolean
  /** false: the server has not answered yet. */
  quoteArrives?: boolean
} = {}) {
  vi.mocked(getQuote)
    .mockReset()
    .mockImplementation((request) =>
      quoteArrives ? Promise.resolve(quoteFor(request, { price: 100, methods })) : new Promise(() => {}),
    )
  const client = new QueryClient()
  client.setQueryData(paymentMethodsQuery('store-1').queryKey, { success: true, data: methods })
  const onSubmit = vi.fn()
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout/store-1/p1']}>
        <RouterBuyerNav>
          <WithPricing
            storeId="store-1"
            amount={100}
            submitting={submitting}
            error={error}
            onBack={() => {}}
            onSubmit={onSubmit}
            digital={digital}
          />
        </RouterBuyerNav>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
  const finish = () => user.click(screen.getByRole('button', { name: 'Finalizar Compra' }))
  const chooseCard = () => user.click(screen.getByRole('radio', { name: /Cartão de Crédito/ }))
  // Intl writes R$ with a no-break space.
  const plans = () => screen.getAllByRole('option').map((o) => o.textContent?.replace(/\s/g, ' '))
  return { user, onSubmit, field, finish, chooseCard, plans }
}

describe('PaymentStep', () => {
  it('chooses PIX (the first method) by default and pays with it', async () => {
    const { finish, onSubmit } = setup()
    expect(screen.getByRole('radio', { name: /PIX/ }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByText(/O código PIX \(QR Code e copia e cola\) aparece/)).toBeTruthy()
    await finish()
    expect(onSubmit).toHaveBeenCalledWith({
      method: 'pix',
      cardName: '',
      cardNumber: '',
      expiryDate: '',
      cvv: '',
      installments: 1,
    })
  })

  it('moves between methods with the arrow keys, one tab stop for the group', async () => {
    const { user } = setup()
    const pix = screen.getByRole('radio', { name: /PIX/ })
    expect(pix.tabIndex).toBe(0)
    expect(screen.getByRole('radio', { name: /Boleto/ }).tabIndex).toBe(-1)
    pix.focus()
    await user.keyboard('{ArrowRight}')
    const card = screen.getByRole('radio', { name: /Cartão de Crédito/ })
    expect(card.getAttribute('aria-checked')).toBe('true')
    expect(document.activeElement).toBe(card)
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('radio', { name: /Boleto/ }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByText(/O boleto vence em 3 dias úteis/)).toBeTruthy()
  })

  it('masks the card number, the expiry and the CVV, and writes the name in capitals', async () => {
    const { user, chooseCard } = setup()
    await chooseCard()
    expect(await typed(user, 'Número do cartão', '4111111111111111')).toBe('4111 1111 1111 1111')
    expect(await typed(user, 'Validade', '1230')).toBe('12/30')
    expect(await typed(user, 'CVV', '1a23')).toBe('123')
    expect(await typed(user, 'Nome no cartão', 'ana souza')).toBe('ANA SOUZA')
  })

  it('on an empty card says what is missing in Portuguese and focuses the first field', async () => {
    const { finish, field, chooseCard, onSubmit } = setup()
    await chooseCard()
    await finish()
    expect(descriptionOf(field('Nome no cartão'))).toBe('Nome no cartão é obrigatório')
    expect(descriptionOf(field('Número do cartão'))).toBe('Número do cartão é obrigatório')
    expect(descriptionOf(field('Validade'))).toBe('Data de validade é obrigatória')
    expect(descriptionOf(field('CVV'))).toBe('CVV é obrigatório')
    await waitFor(() => expect(document.activeElement).toBe(field('Nome no cartão')))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('says an impossible or past expiry apart, and focuses the first wrong field', async () => {
    const { user, finish, field, chooseCard, onSubmit } = setup()
    await chooseCard()
    await user.type(field('Nome no cartão'), 'Ana Souza')
    await user.type(field('Número do cartão'), '4111111111111111')
    await user.type(field('Validade'), '1330')
    await user.type(field('CVV'), '123')
    await finish()
    expect(descriptionOf(field('Validade'))).toBe('Data de validade inválida. Use MM/AA')
    await waitFor(() => expect(document.activeElement).toBe(field('Validade')))

    await user.clear(field('Validade'))
    await user.type(field('Validade'), '0120')
    await finish()
    expect(descriptionOf(field('Validade'))).toBe('Cartão expirado')

    await user.clear(field('Número do cartão'))
    await user.type(field('Número do cartão'), '4111')
    await finish()
    expect(descriptionOf(field('Número do cartão'))).toBe('Número do cartão inválido. Deve ter 16 dígitos')
    await waitFor(() => expect(document.activeElement).toBe(field('Número do cartão')))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('asks the holder’s CEP and number only for a digital order whose card gateway needs them', async () => {
    const base = paymentMethods()
    const needs = { ...base, credit_card: { ...base.credit_card, holderAddress: true } }
    const { user, finish, field, chooseCard, onSubmit } = setup({ methods: needs, digital: true })
    await chooseCard()
    await user.type(field('Nome no cartão'), 'Ana Souza')
    await user.type(field('Número do cartão'), '4111111111111111')
    await user.type(field('Validade'), '1240')
    await user.type(field('CVV'), '123')
    await finish()
    expect(descriptionOf(field('CEP do titular'))).toBe('Informe o CEP do titular do cartão (8 dígitos)')
    expect(descriptionOf(field('Número'))).toBe('Informe o número do endereço do titular')
    await waitFor(() => expect(document.activeElement).toBe(field('CEP do titular')))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(await typed(user, 'CEP do titular', '01310100')).toBe('01310-100')
    await user.type(field('Número'), '1000')
    await finish()
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'credit_card', holderPostalCode: '01310100', holderAddressNumber: '1000' }),
    )
  })

  it('does not ask the holder’s address on a physical order (the delivery address goes) nor when not needed', async () => {
    const base = paymentMethods()
    const needs = { ...base, credit_card: { ...base.credit_card, holderAddress: true } }
    const { chooseCard } = setup({ methods: needs, digital: false })
    await chooseCard()
    expect(screen.queryByLabelText('CEP do titular')).toBeNull()
  })

  it('pays by card with the installments chosen', async () => {
    const { user, finish, field, chooseCard, onSubmit, plans } = setup()
    await chooseCard()
    await user.type(field('Nome no cartão'), 'Ana Souza')
    await user.type(field('Número do cartão'), '4111111111111111')
    await user.type(field('Validade'), '1240')
    await user.type(field('CVV'), '123')
    await waitFor(() =>
      expect(plans()).toEqual([
        '1x de R$ 100,00 sem juros (à vista)',
        '2x de R$ 50,00 sem juros',
        '3x de R$ 33,34 sem juros',
      ]),
    )
    await user.selectOptions(field('Parcelas'), '3')
    // The plan chosen is priced again by the server before the order goes.
    await waitFor(() =>
      expect(getQuote).toHaveBeenLastCalledWith(
        expect.objectContaining({ paymentMethod: 'credit_card', installments: 3 }),
      ),
    )
    await finish()
    expect(onSubmit).toHaveBeenCalledWith({
      method: 'credit_card',
      cardName: 'ANA SOUZA',
      cardNumber: '4111 1111 1111 1111',
      expiryDate: '12/40',
      cvv: '123',
      installments: 3,
    })
  })

  it('shows the quote’s plans: interest-free ones say “sem juros”, the longer ones their total; and PIX its discount', async () => {
    const { chooseCard, plans } = setup({
      methods: paymentMethods(undefined, 3, { pixDiscountPercent: 5, interestFree: 2, monthlyRatePercent: 2.99 }),
    })
    expect(await screen.findByText('5% OFF')).toBeTruthy()
    expect(screen.getByRole('radio', { name: /Cartão de Crédito/ }).textContent).toContain('Em até 3x · 2x sem juros')
    await chooseCard()
    await waitFor(() => expect(plans()).toHaveLength(3))
    const [one, two, three] = plans()
    expect(one).toBe('1x de R$ 100,00 sem juros (à vista)')
    expect(two).toBe('2x de R$ 50,00 sem juros')
    // 100 at 2,99% a.m. in 3 (Price table): 35,35 each, 106,05 in all.
    expect(three).toBe('3x de R$ 35,35 com juros (2,99% a.m.) · total R$ 106,05')
  })

  it('before the quote arrives, splits the amount itself', async () => {
    const { chooseCard, plans } = setup({ quoteArrives: false })
    await chooseCard()
    expect(plans()).toEqual([
      '1x de R$ 100,00 sem juros (à vista)',
      '2x de R$ 50,00 sem juros',
      '3x de R$ 33,34 sem juros',
    ])
  })

  it('before the quote arrives, labels the plans with interest by the same pricing', async () => {
    const { chooseCard, plans } = setup({
      quoteArrives: false,
      methods: paymentMethods(undefined, 3, { interestFree: 2, monthlyRatePercent: 2.99 }),
    })
    await chooseCard()
    expect(plans()[2]).toBe('3x de R$ 35,35 com juros (2,99% a.m.) · total R$ 106,05')
  })

  it('shows the order’s error and, while sending, a busy button', () => {
    setup({ error: 'Produto esgotado', submitting: true })
    expect(screen.getByText('Produto esgotado')).toBeTruthy()
    const button = screen.getByRole('button', { name: /Processando/ }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
  })

  it('says so when the store takes no payment method', () => {
    setup({ methods: paymentMethods({ pix: false, credit_card: false, bank_slip: false }) })
    expect(screen.getByText(/Nenhum método de pagamento disponível para esta loja/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Finalizar Compra' })).toBeNull()
  })
})
