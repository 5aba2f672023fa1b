import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MSG } from '../../../../../shared/ordering-rules'
import { descriptionOf, typed } from '../../../../testing/dom'
import { CUSTOMER, VALID_CPF } from '../test-fixtures'
import { CustomerStep, EMPTY_CUSTOMER } from './customer-step'

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

describe('CustomerStep', () => {
  it('masks the phone and the CPF while typing, and keeps letters only in the name', async () => {
    const { user } = setup()
    expect(await typed(user, 'Telefone', '11987654321')).toBe('(11) 98765-4321')
    expect(await typed(user, 'Telefone', '1133334444')).toBe('(11) 3333-4444')
    expect(await typed(user, 'CPF', '529982247259999')).toBe('529.982.247-25')
    expect(await typed(user, 'Nome completo', 'Ana 2 Souza!')).toBe('Ana Souza')
  })

  it('on an empty submit says what is missing in Portuguese, under each field, and focuses the first one', async () => {
    const { submit, field, onNext } = setup()
    await submit()
    expect(descriptionOf(field('Nome completo'))).toBe('Nome é obrigatório')
    expect(descriptionOf(field('E-mail'))).toBe('E-mail é obrigatório')
    expect(descriptionOf(field('Telefone'))).toBe('Telefone é obrigatório')
    expect(descriptionOf(field('CPF'))).toBe('CPF é obrigatório')
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
    expect(descriptionOf(field('Telefone'))).toBe(MSG.phoneLength)
    expect(descriptionOf(field('CPF'))).toBe(MSG.cpfInvalid)
    expect(descriptionOf(field('Nome completo'))).toBeUndefined()
    await waitFor(() => expect(document.activeElement).toBe(field('Telefone')))
  })

  it('clears a field’s error as soon as it is edited, the others stay', async () => {
    const { user, submit, field } = setup()
    await submit()
    await user.type(field('E-mail'), 'a')
    expect(field('E-mail').getAttribute('aria-invalid')).toBeNull()
    expect(descriptionOf(field('E-mail'))).toBeUndefined()
    expect(descriptionOf(field('CPF'))).toBe('CPF é obrigatório')
  })

  it('an e-mail without a domain is invalid', async () => {
    const { user, submit, field } = setup()
    await user.type(field('E-mail'), 'ana@')
    await submit()
    expect(descriptionOf(field('E-mail'))).toBe('E-mail inválido')
  })

  it('goes on with trimmed values once everything is valid, and reports what the buyer meant', async () => {
    const { user, submit, field, onNext, onLeave } = setup()
    await user.type(field('Nome completo'), ' Ana Souza ')
    await user.type(field('E-mail'), ' ana@exemplo.com ')
    await user.type(field('Telefone'), '11987654321')
    await user.type(field('CPF'), VALID_CPF)
    await submit()
    expect(onNext).toHaveBeenCalledWith(CUSTOMER)
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
