import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Input, Select, Textarea } from './field'

/** The element a control's aria-describedby names (what a screen reader reads after the label). */
function descriptionOf(control: HTMLElement): HTMLElement | null {
  const id = control.getAttribute('aria-describedby')
  return id ? document.getElementById(id) : null
}

describe('Field controls', () => {
  it('ties the label to the control', () => {
    render(<Input label="E-mail" />)
    expect(screen.getByLabelText('E-mail').tagName).toBe('INPUT')
  })

  it('marks a control with an error invalid and describes it by the error, announced as an alert', () => {
    render(<Input label="CPF" error="CPF inválido" hint="Só números" />)
    const input = screen.getByLabelText('CPF')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const message = descriptionOf(input)
    expect(message?.textContent).toBe('CPF inválido')
    expect(message?.getAttribute('role')).toBe('alert')
    // The error takes the hint's place: one message under the control.
    expect(screen.queryByText('Só números')).toBeNull()
  })

  it('describes a valid control by its hint, not marked invalid and not an alert', () => {
    render(<Input label="Complemento" hint="Opcional" />)
    const input = screen.getByLabelText('Complemento')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(descriptionOf(input)?.textContent).toBe('Opcional')
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
    expect(descriptionOf(numero)?.textContent).toBe('Número é obrigatório')
    expect(descriptionOf(screen.getByLabelText('Estado'))?.textContent).toBe('Estado é obrigatório')
    expect(descriptionOf(screen.getByLabelText('Mensagem'))?.textContent).toBe('Mensagem é obrigatória')
    expect(screen.getAllByRole('alert')).toHaveLength(3)
  })
})
