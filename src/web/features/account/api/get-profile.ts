import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export function getProfile(): Promise<User> {
  return api.get<User>('/users/profile')
}

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 60_000 })

export function useProfile() {
  return useQuery(profileQuery())
}
