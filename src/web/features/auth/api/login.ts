import { useMutation } from '@tanstack/react-query'
import type { LoginInput, User } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export interface AuthResponse {
  user: User
  token: string
}

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', input, { auth: false })
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}
