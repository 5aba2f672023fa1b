import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { Plan } from '../model'

/** The buyer's read of a product's plans: no login, the active ones only (the server filters them). */
export const checkoutPlansQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['checkout', 'plans', storeId, productId],
    queryFn: () =>
      api.get<Plan[]>(`/stores/${encodeURIComponent(storeId)}/products/${encodeURIComponent(productId)}/plans`, {
        auth: false,
      }),
    retry: 1,
    staleTime: 60_000,
  })

export function useCheckoutPlans(storeId: string, productId: string) {
  const query = useQuery(checkoutPlansQuery(storeId, productId))
  return { ...query, plans: (query.data ?? []).filter((p) => p.active) }
}
