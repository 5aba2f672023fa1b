import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { PublicPlan } from '../model'

/** The buyer's read of a product's plans: no login, the active ones only (the server filters them). */
export const checkoutPlansQuery = (productId: string) =>
  queryOptions({
    queryKey: ['checkout', 'plans', productId],
    queryFn: () => api.get<PublicPlan[]>(`/checkout/products/${encodeURIComponent(productId)}/plans`, { auth: false }),
    retry: 1,
    staleTime: 60_000,
  })

export function useCheckoutPlans(productId: string) {
  const query = useQuery(checkoutPlansQuery(productId))
  return { ...query, plans: query.data ?? [] }
}
