import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button'
import { Input } from './field'
import { ConfirmDialog, Modal } from './modal'

function Opener({ locked = false, onClose = () => {} }: { locked?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Nova opção</Button>
      <Modal
        open={open}
        locked={locked}
        title="Nova opção de frete"
        onClose={() => {
          onClose()
          setOpen(false)
        }}
        footer={<Button onClick={() => setOpen(false)}>Salvar</Button>}
      >
        <Input label="Nome" />
        <Input label="Preço" />
      </Modal>
    </>
  )
}

describe('Modal', () => {
  it('is a labelled modal dialog', async () => {
    render(<Opener />)
    await userEvent.click(screen.getByRole('button', { name: 'Nova opção' }))
    const dialog = screen.getByRole('dialog', { name: 'Nova opção de frete' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
  })

  it('moves focus to its first field, keeps Tab inside, and gives focus back to the opener on close', async () => {
    const user = userEvent.setup()
    render(<Opener />)
    const opener = screen.getByRole('button', { name: 'Nova opção' })
    await user.click(opener)
    expect(document.activeElement).toBe(screen.getByLabelText('Nome'))

    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Preço'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salvar' }))
    // Past the last control, Tab wraps to the first (the close button), never to the page behind.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar' }))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salvar' }))

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('Shift+Tab from the first control wraps to the last', async () => {
    const user = userEvent.setup()
    render(<Opener />)
    await user.click(screen.getByRole('button', { name: 'Nova opção' }))
    screen.getByRole('button', { name: 'Fechar' }).focus()
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salvar' }))
  })

  it('a field that asks for focus keeps it', async () => {
    const user = userEvent.setup()
    render(
      <Modal open title="Buscar" onClose={() => {}}>
        <Input label="Primeiro" />
        <Input label="Busca" autoFocus />
      </Modal>,
    )
    expect(document.activeElement).toBe(screen.getByLabelText('Busca'))
    await user.tab()
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true)
  })

  it('a confirmation without fields focuses the dialog itself, so its title is read first', () => {
    render(
      <ConfirmDialog
        open
        title="Excluir produto?"
        message="Não pode ser desfeito."
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    )
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Excluir produto?' }))
  })

  it('closes on Escape and on a backdrop click, but not while locked', async () => {
    const user = userEvent.setup()
    const closed = vi.fn()
    const { unmount } = render(<Opener onClose={closed} />)
    await user.click(screen.getByRole('button', { name: 'Nova opção' }))
    await user.click(screen.getByRole('dialog').parentElement as HTMLElement)
    expect(closed).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).toBeNull()
    unmount()

    render(<Opener locked onClose={closed} />)
    await user.click(screen.getByRole('button', { name: 'Nova opção' }))
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('dialog').parentElement as HTMLElement)
    expect(closed).toHaveBeenCalledOnce()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
