import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button'

describe('Button', () => {
  it('is a plain button by default: clicking it inside a form does not submit the form', async () => {
    const submitted = vi.fn((e: { preventDefault: () => void }) => e.preventDefault())
    const clicked = vi.fn()
    render(
      <form onSubmit={submitted}>
        <Button onClick={clicked}>Voltar</Button>
        <Button type="submit">Enviar</Button>
      </form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(clicked).toHaveBeenCalledOnce()
    expect(submitted).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(submitted).toHaveBeenCalledOnce()
  })

  it('while loading: says the loading text, is busy and disabled, and takes no click', async () => {
    const clicked = vi.fn()
    const { rerender } = render(
      <Button loading loadingText="Processando..." onClick={clicked}>
        Finalizar Compra
      </Button>,
    )
    const button = screen.getByRole('button', { name: /Processando/ })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText('Finalizar Compra')).toBeNull()
    await userEvent.click(button)
    expect(clicked).not.toHaveBeenCalled()

    rerender(<Button onClick={clicked}>Finalizar Compra</Button>)
    const idle = screen.getByRole('button', { name: 'Finalizar Compra' })
    expect(idle.hasAttribute('aria-busy')).toBe(false)
    await userEvent.click(idle)
    expect(clicked).toHaveBeenCalledOnce()
  })

  it('keeps its label while loading without a loading text', () => {
    render(<Button loading>Salvar</Button>)
    expect(screen.getByRole('button', { name: /Salvar/ }).getAttribute('aria-busy')).toBe('true')
  })
})
