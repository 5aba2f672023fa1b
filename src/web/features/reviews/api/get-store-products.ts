import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../shared/catalog'
import { api } from '../../../lib/api'

/** The store's products, for choosing which one a merchant-added review is about (same cache key as Produtos). */
export const reviewProductsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'products'],
    queryFn: () => api.get<Product[]>(`/stores/${encodeURIComponent(storeId)}/products`),
    retry: 0,
  })

export function useReviewProducts(storeId: string, enabled: boolean) {
  return useQuery({ ...reviewProductsQuery(storeId), enabled: enabled && Boolean(storeId) })
}
