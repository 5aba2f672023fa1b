import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { BuyerSubscription } from './self-service'

/** In the buyer area each subscription carries its signed self-service link (the same as the e-mails'). */
export interface AreaSubscription extends BuyerSubscription {
  manageUrl: string
}

// The buyer area's session is its HttpOnly cookie: never the merchant's bearer token.
const asBuyer = { auth: false } as const

export const buyerSubscriptionsQuery = () =>
  queryOptions({
    queryKey: ['buyer', 'subscriptions'],
    queryFn: () => api.get<{ items: AreaSubscription[] }>('/buyer/subscriptions', asBuyer),
  })

export const useBuyerSubscriptions = () => useQuery(buyerSubscriptionsQuery())

export function useBuyerCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, atPeriodEnd }: { id: string; atPeriodEnd: boolean }) =>
      api.post<BuyerSubscription>(`/buyer/subscriptions/${encodeURIComponent(id)}/cancel`, { atPeriodEnd }, asBuyer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerSubscriptionsQuery().queryKey }),
  })
}
