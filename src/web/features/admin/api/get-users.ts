import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export function getUsers(): Promise<User[]> {
  return api.get<User[]>('/admin/users')
}

export const usersQuery = () => queryOptions({ queryKey: ['admin', 'users'], queryFn: getUsers })

export function useUsers() {
  return useQuery(usersQuery())
}
