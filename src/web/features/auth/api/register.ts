import { useMutation } from '@tanstack/react-query'
import type { RegisterInput, User } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export function register(input: RegisterInput): Promise<{ user: User }> {
  return api.post<{ user: User }>('/auth/register', input, { auth: false })
}

export function useRegister() {
  return useMutation({ mutationFn: register })
}
