import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicProduct } from '../../../../../shared/catalog'
import { api } from '../../../../lib/api'

export function getProduct(storeId: string, productId: string): Promise<PublicProduct> {
  return api.get<PublicProduct>(`/stores/${encodeURIComponent(storeId)}/products/${encodeURIComponent(productId)}`, {
    auth: false,
  })
}

export const productQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['checkout', 'product', storeId, productId],
    queryFn: () => getProduct(storeId, productId),
    retry: 1,
    staleTime: 60_000,
  })

export function useProduct(storeId: string | undefined, productId: string | undefined) {
  return useQuery({ ...productQuery(storeId ?? '', productId ?? ''), enabled: Boolean(storeId && productId) })
}
