import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { descriptionOf } from '../testing/dom'
import { Input, Select, Textarea } from './field'

describe('Field controls', () => {
  it('ties the label to the control', () => {
    render(<Input label="E-mail" />)
    expect(screen.getByLabelText('E-mail').tagName).toBe('INPUT')
  })

  it('marks a control with an error invalid and describes it by the error, announced as an alert', () => {
    render(<Input label="CPF" error="CPF inválido" hint="Só números" />)
    const input = screen.getByLabelText('CPF')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(input)).toBe('CPF inválido')
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.getAttribute('role')).toBe('alert')
    // The error takes the hint's place: one message under the control.
    expect(screen.queryByText('Só números')).toBeNull()
  })

  it('describes a valid control by its hint, not marked invalid and not an alert', () => {
    render(<Input label="Complemento" hint="Opcional" />)
    const input = screen.getByLabelText('Complemento')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(descriptionOf(input)).toBe('Opcional')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('describes nothing when there is neither error nor hint', () => {
    render(<Input label="Nome" />)
    expect(screen.getByLabelText('Nome').hasAttribute('aria-describedby')).toBe(false)
  })

  it('keeps a given id and gives each control its own message id', () => {
    render(
      <>
        <Input label="Número" id="numero" error="Número é obrigatório" />
        <Select label="Estado" error="Estado é obrigatório">
          <option value="">Selecione</option>
        </Select>
        <Textarea label="Mensagem" error="Mensagem é obrigatória" />
      </>,
    )
    const numero = screen.getByLabelText('Número')
    expect(numero.id).toBe('numero')
    expect(descriptionOf(numero)).toBe('Número é obrigatório')
    expect(descriptionOf(screen.getByLabelText('Estado'))).toBe('Estado é obrigatório')
    expect(descriptionOf(screen.getByLabelText('Mensagem'))).toBe('Mensagem é obrigatória')
    expect(screen.getAllByRole('alert')).toHaveLength(3)
  })
})
