import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminCreateUserInput, User } from '../../../../shared/identity'
import { api } from '../../../lib/api'
import { usersQuery } from './get-users'

export function createUser(input: AdminCreateUserInput): Promise<User> {
  return api.post<User>('/admin/users', input)
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQuery().queryKey }),
  })
}
