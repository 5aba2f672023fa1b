import { useMutation } from '@tanstack/react-query'
import type { PasswordChangeInput } from '../../../../shared/identity'
import { api, TOKEN_KEY } from '../../../lib/api'

/** A new password ends every other session; this one continues with the token the answer carries. */
export async function changePassword(input: PasswordChangeInput): Promise<{ message: string }> {
  const answer = await api.patch<{ message: string; token: string }>('/users/password', input)
  if (answer.token) localStorage.setItem(TOKEN_KEY, answer.token)
  return answer
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
