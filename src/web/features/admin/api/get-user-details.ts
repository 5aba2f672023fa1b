import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '../../../../shared/identity'
import { api } from '../../../lib/api'

export interface UserStoreDetails {
  id: string
  name: string
  status: string
  totalOrders: number
  totalRevenue: number
  productCount?: number
  products: { id: string; name: string; price: number }[]
  recentOrders: { createdAt: string }[]
  lastSaleAt?: string | null
}

export interface UserDetails {
  user: User
  summary: { totalRevenue: number; totalOrders: number; totalProducts: number; averageOrderValue: number }
  stores: UserStoreDetails[]
}

export function getUserDetails(id: string): Promise<UserDetails> {
  return api.get<UserDetails>(`/admin/users/${id}`)
}

export const userDetailsQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'users', id], queryFn: () => getUserDetails(id), retry: 0 })

export function useUserDetails(id: string | null) {
  return useQuery({ ...userDetailsQuery(id ?? ''), enabled: !!id })
}
