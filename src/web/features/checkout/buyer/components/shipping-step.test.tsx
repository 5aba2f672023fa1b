import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ShippingQuoteDto } from '../../../../../shared/checkout'
import { ApiError } from '../../../../lib/api'
import { descriptionOf } from '../../../../testing/dom'
import { calculateShipping } from '../api/calculate-shipping'
import { lookupCep } from '../api/lookup-cep'
import { validateAddress } from '../api/validate-address'
import { PAC } from '../test-fixtures'
import { EMPTY_SHIPPING, ShippingStep } from './shipping-step'

vi.mock('../api/lookup-cep', () => ({ lookupCep: vi.fn() }))
vi.mock('../api/calculate-shipping', () => ({ calculateShipping: vi.fn() }))
vi.mock('../api/validate-address', () => ({ validateAddress: vi.fn() }))

const SEDEX: ShippingQuoteDto = { ...PAC, id: 'sedex', name: 'SEDEX', price: 0, originalPrice: 35, isFree: true }
/** The debounced CEP lookup (800 ms) and quote (500 ms) run on real timers: wait a little longer than they do. */
const SETTLED = { timeout: 3000 }

beforeEach(() => {
  vi.mocked(lookupCep).mockResolvedValue({
    cep: '01310100',
    address: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    complement: '',
  })
  vi.mocked(calculateShipping).mockResolvedValue({
    zipCode: '01310100',
    subtotal: 100,
    options: [PAC, SEDEX],
    fallback: false,
    message: null,
  })
  vi.mocked(validateAddress).mockResolvedValue({ valid: true })
})

function setup() {
  const onNext = vi.fn()
  const onOptionChange = vi.fn()
  const user = userEvent.setup()
  render(
    <ShippingStep
      storeId="store-1"
      product={{ id: 'product-1', price: 100 }}
      initial={{ values: EMPTY_SHIPPING, option: undefined }}
      onOptionChange={onOptionChange}
      onBack={() => {}}
      onNext={onNext}
    />,
  )
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
  const submit = () => user.click(screen.getByRole('button', { name: 'Continuar para Pagamento' }))
  /** Types a CEP and waits for both of its answers: the address filled in (800 ms) and the options (500 ms). */
  async function enterCep(cep: string) {
    await user.type(field('CEP'), cep)
    await waitFor(() => expect(field('Endereço').value).toBe('Avenida Paulista'), SETTLED)
    await screen.findByRole('radio', { name: /PAC/ }, SETTLED)
  }
  return { user, onNext, onOptionChange, field, submit, enterCep }
}

describe('ShippingStep', () => {
  it('masks the CEP, fills the address from it and offers the quoted options', async () => {
    const { user, field } = setup()
    await user.type(field('CEP'), '01310100999')
    expect(field('CEP').value).toBe('01310-100')
    await waitFor(() => expect(field('Endereço').value).toBe('Avenida Paulista'), SETTLED)
    expect(lookupCep).toHaveBeenCalledWith('01310100')
    expect(field('Cidade').value).toBe('São Paulo')
    expect(field('Estado').value).toBe('SP')
    expect(field('Bairro (opcional)').value).toBe('Bela Vista')
    expect(screen.getByText('✓ Endereço encontrado')).toBeTruthy()
    await screen.findByRole('radio', { name: /PAC/ }, SETTLED)
    expect(calculateShipping).toHaveBeenCalledWith('store-1', '01310100', { productId: 'product-1', price: 100 })
    expect(screen.getByRole('radio', { name: /SEDEX/ }).closest('label')?.textContent).toContain('GRÁTIS')
  })

  it('says when the CEP does not exist, under the CEP field: decided by the code, whatever the message says', async () => {
    vi.mocked(lookupCep).mockRejectedValue(new ApiError('Nada aqui', 404, undefined, undefined, 'CEP_NOT_FOUND'))
    const { user, field } = setup()
    await user.type(field('CEP'), '01001000')
    await waitFor(() => expect(descriptionOf(field('CEP'))).toBe('CEP não encontrado'), SETTLED)
    expect(field('CEP').getAttribute('aria-invalid')).toBe('true')
  })

  it('a failed lookup without that code (even worded “CEP não encontrado”) lets the buyer type the address', async () => {
    vi.mocked(lookupCep).mockRejectedValue(new ApiError('CEP não encontrado', 404, undefined, undefined, 'NOT_FOUND'))
    const { user, field } = setup()
    await user.type(field('CEP'), '01001000')
    await screen.findByTestId('cep-unavailable', {}, SETTLED)
    expect(field('CEP').getAttribute('aria-invalid')).not.toBe('true')
  })

  it('on an empty submit says what is missing in Portuguese and focuses the CEP', async () => {
    const { submit, field, onNext } = setup()
    await submit()
    expect(descriptionOf(field('CEP'))).toBe('CEP é obrigatório')
    expect(descriptionOf(field('Endereço'))).toBe('Endereço é obrigatório')
    expect(descriptionOf(field('Número'))).toBe('Número é obrigatório')
    expect(descriptionOf(field('Cidade'))).toBe('Cidade é obrigatória')
    expect(descriptionOf(field('Estado'))).toBe('Estado é obrigatório')
    expect(screen.getByText('Selecione um método de envio').getAttribute('role')).toBe('alert')
    expect(descriptionOf(field('Complemento (opcional)'))).toBeUndefined()
    await waitFor(() => expect(document.activeElement).toBe(field('CEP')))
    expect(onNext).not.toHaveBeenCalled()
    expect(validateAddress).not.toHaveBeenCalled()
  })

  it('a short CEP is said to need 8 digits', async () => {
    const { user, submit, field } = setup()
    await user.type(field('CEP'), '0131')
    await submit()
    expect(descriptionOf(field('CEP'))).toBe('CEP deve ter 8 dígitos')
  })

  it('with only the shipping option missing, focus lands on the first option', async () => {
    const { user, submit, field, enterCep } = setup()
    await enterCep('01310100')
    await user.type(field('Número'), '1000')
    await submit()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: /PAC/ })))
  })

  it('puts the server’s address verdict under its field and stays on the step', async () => {
    vi.mocked(validateAddress).mockResolvedValue({ valid: false, field: 'state', message: 'O CEP não é de SP' })
    const { user, submit, field, onNext, enterCep } = setup()
    await enterCep('01310100')
    await user.click(screen.getByRole('radio', { name: /PAC/ }))
    await user.type(field('Número'), '1000')
    await submit()
    await waitFor(() => expect(descriptionOf(field('Estado'))).toBe('O CEP não é de SP'))
    await waitFor(() => expect(document.activeElement).toBe(field('Estado')))
    expect(onNext).not.toHaveBeenCalled()
  })

  it('goes on with the address and the chosen option; a new CEP drops the choice', async () => {
    const { user, submit, field, onNext, onOptionChange, enterCep } = setup()
    await enterCep('01310100')
    await user.click(screen.getByRole('radio', { name: /SEDEX/ }))
    expect(onOptionChange).toHaveBeenLastCalledWith(SEDEX)
    await user.type(field('Número'), '1000')
    await submit()
    await waitFor(() => expect(onNext).toHaveBeenCalledOnce())
    expect(validateAddress).toHaveBeenCalledWith({
      address: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310100',
    })
    expect(onNext.mock.calls[0][0]).toMatchObject({
      values: { zipCode: '01310-100', number: '1000', method: 'sedex' },
      option: SEDEX,
    })

    await user.type(field('CEP'), '{Backspace}')
    expect(onOptionChange).toHaveBeenLastCalledWith(undefined)
  })
})
