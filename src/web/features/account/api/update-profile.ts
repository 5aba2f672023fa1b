import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileInput, User } from '../../../../shared/identity'
import { api } from '../../../lib/api'
import { profileQuery } from './get-profile'

export function updateProfile(input: ProfileInput): Promise<User> {
  return api.patch<User>('/users/profile', input)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(profileQuery().queryKey, user),
  })
}
