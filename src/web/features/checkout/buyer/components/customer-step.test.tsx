import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MSG } from '../../../../../shared/ordering-rules'
import { CustomerStep, EMPTY_CUSTOMER } from './customer-step'

const VALID_CPF = '52998224725'

function setup(initial = EMPTY_CUSTOMER) {
  const onNext = vi.fn()
  const onLeave = vi.fn()
  const onChange = vi.fn()
  const user = userEvent.setup()
  render(
    <CustomerStep
      initial={initial}
      submitLabel="Continuar para Envio"
      onNext={onNext}
      onLeave={onLeave}
      onChange={onChange}
    />,
  )
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
  const submit = () => user.click(screen.getByRole('button', { name: 'Continuar para Envio' }))
  return { user, onNext, onLeave, onChange, field, submit }
}

const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

describe('CustomerStep', () => {
  it('masks the phone and the CPF while typing, and keeps letters only in the name', async () => {
    const { user, field } = setup()
    await user.type(field('Telefone'), '11987654321')
    expect(field('Telefone').value).toBe('(11) 98765-4321')
    await user.clear(field('Telefone'))
    await user.type(field('Telefone'), '1133334444')
    expect(field('Telefone').value).toBe('(11) 3333-4444')
    await user.type(field('CPF'), '529982247259999')
    expect(field('CPF').value).toBe('529.982.247-25')
    await user.type(field('Nome completo'), 'Ana 2 Souza!')
    expect(field('Nome completo').value).toBe('Ana Souza')
  })

  it('on an empty submit says what is missing in Portuguese, under each field, and focuses the first one', async () => {
    const { submit, field, onNext } = setup()
    await submit()
    expect(errorOf(field('Nome completo'))).toBe('Nome é obrigatório')
    expect(errorOf(field('E-mail'))).toBe('E-mail é obrigatório')
    expect(errorOf(field('Telefone'))).toBe('Telefone é obrigatório')
    expect(errorOf(field('CPF'))).toBe('CPF é obrigatório')
    for (const label of ['Nome completo', 'E-mail', 'Telefone', 'CPF'])
      expect(field(label).getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(field('Nome completo')))
    expect(onNext).not.toHaveBeenCalled()
  })

  it('focuses the first invalid field, not the first field, and says why it is wrong', async () => {
    const { user, submit, field } = setup()
    await user.type(field('Nome completo'), 'Ana Souza')
    await user.type(field('E-mail'), 'ana@exemplo.com')
    await user.type(field('Telefone'), '119876')
    await user.type(field('CPF'), '11111111111')
    await submit()
    expect(errorOf(field('Telefone'))).toBe(MSG.phoneLength)
    expect(errorOf(field('CPF'))).toBe(MSG.cpfInvalid)
    expect(errorOf(field('Nome completo'))).toBeUndefined()
    await waitFor(() => expect(document.activeElement).toBe(field('Telefone')))
  })

  it('clears a field’s error as soon as it is edited, the others stay', async () => {
    const { user, submit, field } = setup()
    await submit()
    await user.type(field('E-mail'), 'a')
    expect(field('E-mail').getAttribute('aria-invalid')).toBeNull()
    expect(errorOf(field('E-mail'))).toBeUndefined()
    expect(errorOf(field('CPF'))).toBe('CPF é obrigatório')
  })

  it('an e-mail without a domain is invalid', async () => {
    const { user, submit, field } = setup()
    await user.type(field('E-mail'), 'ana@')
    await submit()
    expect(errorOf(field('E-mail'))).toBe('E-mail inválido')
  })

  it('goes on with trimmed values once everything is valid, and reports what the buyer meant', async () => {
    const { user, submit, field, onNext, onLeave } = setup()
    await user.type(field('Nome completo'), ' Ana Souza ')
    await user.type(field('E-mail'), ' ana@exemplo.com ')
    await user.type(field('Telefone'), '11987654321')
    await user.type(field('CPF'), VALID_CPF)
    await submit()
    expect(onNext).toHaveBeenCalledWith({
      name: 'Ana Souza',
      email: 'ana@exemplo.com',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
    })
    expect(onLeave).toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('starts from the saved values and reports every edit (the page keeps them across a reload)', async () => {
    const { user, field, onChange } = setup({ ...EMPTY_CUSTOMER, name: 'Ana' })
    expect(field('Nome completo').value).toBe('Ana')
    await user.type(field('Nome completo'), 'x')
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_CUSTOMER, name: 'Anax' })
  })
})
