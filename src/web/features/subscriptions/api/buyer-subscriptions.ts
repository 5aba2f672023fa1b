import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { AreaSubscription, BuyerSubscription } from '../model'

// The buyer area's session is its HttpOnly cookie: never the merchant's bearer token.
const asBuyer = { auth: false } as const

export const buyerSubscriptionsQuery = () =>
  queryOptions({
    queryKey: ['buyer', 'subscriptions'],
    queryFn: async () => {
      const answer = await api.get<AreaSubscription[] | { items: AreaSubscription[] }>('/buyer/subscriptions', asBuyer)
      return Array.isArray(answer) ? answer : answer.items
    },
  })

export const useBuyerSubscriptions = () => useQuery(buyerSubscriptionsQuery())

/** The area cancels through the subscription's own signed token, as its self-service page does. */
export function useBuyerCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ token, atPeriodEnd }: { token: string; atPeriodEnd: boolean }) =>
      api.post<BuyerSubscription>('/subscriptions/self/cancel', { atPeriodEnd }, { auth: false, query: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buyerSubscriptionsQuery().queryKey }),
  })
}
