import { useMutation } from '@tanstack/react-query'
import type { PasswordChangeInput } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export function changePassword(input: PasswordChangeInput): Promise<{ message: string }> {
  return api.patch<{ message: string }>('/users/password', input)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
