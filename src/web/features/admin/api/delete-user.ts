import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '../../../../shared/identity'
import { api } from '../../../lib/api'
import { usersQuery } from './get-users'

export function deleteUser(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/admin/users/${id}`)
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<User[]>(usersQuery().queryKey, (list) => list?.filter((u) => u.id !== id))
      void queryClient.invalidateQueries({ queryKey: usersQuery().queryKey })
    },
  })
}
