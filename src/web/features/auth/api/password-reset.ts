import { useMutation } from '@tanstack/react-query'
import type { ForgotPasswordInput, ResetPasswordInput } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api.post<{ message: string }>('/auth/password/forgot', input, { auth: false }),
  })

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<{ message: string }>('/auth/password/reset', input, { auth: false }),
  })
