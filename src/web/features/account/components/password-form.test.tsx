import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api'
import { descriptionOf } from '../../../testing/dom'
import { useChangePassword } from '../api/change-password'
import { PasswordForm } from './password-form'

vi.mock('../api/change-password', () => ({ useChangePassword: vi.fn() }))

const mutateAsync = vi.fn()

beforeEach(() => {
  mutateAsync.mockReset()
  vi.mocked(useChangePassword).mockReturnValue({ mutateAsync } as never)
})

async function change(current: string) {
  const user = userEvent.setup()
  render(<PasswordForm />)
  await user.type(screen.getByLabelText('Senha atual'), current)
  await user.type(screen.getByLabelText('Nova senha'), 'outra-senha-1')
  await user.type(screen.getByLabelText('Confirmar nova senha'), 'outra-senha-1')
  await user.click(screen.getByRole('button', { name: 'Alterar Senha' }))
}

describe('PasswordForm', () => {
  it('a wrong current password (its code) is said under that field, whatever the message says', async () => {
    mutateAsync.mockRejectedValue(new ApiError('Não confere', 400, undefined, undefined, 'CURRENT_PASSWORD_WRONG'))
    await change('nao-e-essa')
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Senha atual'))).toBe('Senha atual incorreta'))
    expect(screen.getByLabelText('Senha atual').getAttribute('aria-invalid')).toBe('true')
  })

  it('a failure worded about the current password, without that code, is not taken for a wrong password', async () => {
    mutateAsync.mockRejectedValue(
      new ApiError('Senha atual: serviço fora do ar', 503, undefined, undefined, 'INTERNAL'),
    )
    await change('a-certa')
    await waitFor(() => expect(mutateAsync).toHaveBeenCalled())
    expect(descriptionOf(screen.getByLabelText('Senha atual'))).toBeUndefined()
  })

  it('a field error from the server lands under its field', async () => {
    mutateAsync.mockRejectedValue(
      new ApiError('Senha fraca', 400, undefined, { newPassword: 'Senha fraca' }, 'VALIDATION_FAILED'),
    )
    await change('a-certa')
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Nova senha'))).toBe('Senha fraca'))
    expect(descriptionOf(screen.getByLabelText('Senha atual'))).toBeUndefined()
  })
})
