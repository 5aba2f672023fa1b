import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Store } from '../../../../shared/stores'
import { api } from '../../../lib/api'

export function getMyStores(): Promise<Store[]> {
  return api.get<Store[]>('/stores/me')
}

export const myStoresQuery = () => queryOptions({ queryKey: ['stores', 'me'], queryFn: getMyStores, retry: 0 })

export function useMyStores(enabled = true) {
  return useQuery({ ...myStoresQuery(), enabled })
}
