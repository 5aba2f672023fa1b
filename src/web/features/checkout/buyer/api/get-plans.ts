import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicPlan } from '../../../../../shared/subscription-labels'
import { api } from '../../../../lib/api'

/** subscriptions: a digital product's plans as the buyer may choose them (active only, filtered by the server). */
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
