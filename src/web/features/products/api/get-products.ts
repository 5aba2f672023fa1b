import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../shared/catalog'
import { api } from '../../../lib/api'

export function getProducts(storeId: string): Promise<Product[]> {
  return api.get<Product[]>(`/stores/${storeId}/products`)
}

export const storeProductsQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId, 'products'], queryFn: () => getProducts(storeId), retry: 0 })

export function useProducts(storeId: string | undefined) {
  return useQuery({ ...storeProductsQuery(storeId ?? ''), enabled: Boolean(storeId) })
}
