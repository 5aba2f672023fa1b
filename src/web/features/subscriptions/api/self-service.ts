import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { BuyerSubscription } from '../model'

/** The card fields as the server takes them (updateCardInputSchema). */
export interface CardInput {
  cardName: string
  cardNumber: string
  cardExpiry: string
  cardCvv: string
}

export interface UpdateCardResult {
  subscription: BuyerSubscription
  /** PAID: the late renewal was paid with the new card; REFUSED: it was not; SAVED: nothing was due. */
  outcome: 'PAID' | 'REFUSED' | 'SAVED'
  message: string
}

// The signed link of every e-mail (/assinatura?token=…): the token is the only credential, never a cookie.
const asLink = (token: string) => ({ auth: false, query: { token } }) as const

export const selfServiceQuery = (token: string) =>
  queryOptions({
    queryKey: ['subscription-link', token],
    queryFn: () => api.get<BuyerSubscription>('/subscriptions/self', asLink(token)),
    retry: false,
  })

export const useSelfService = (token: string) => useQuery({ ...selfServiceQuery(token), enabled: Boolean(token) })

export function useSelfServiceActions(token: string) {
  const queryClient = useQueryClient()
  const key = selfServiceQuery(token).queryKey
  // A new saved card, then (if past due) an immediate retry: the answer says how that retry went.
  const updateCard = useMutation({
    mutationFn: (card: CardInput) =>
      api.post<UpdateCardResult>('/subscriptions/self/card', card, { ...asLink(token), timeoutMs: 60_000 }),
    onSuccess: (r) => queryClient.setQueryData(key, r.subscription),
  })
  const cancel = useMutation({
    mutationFn: (atPeriodEnd: boolean) =>
      api.post<BuyerSubscription>('/subscriptions/self/cancel', { atPeriodEnd }, asLink(token)),
    // The answer is the subscription as it is after: shown as is, no second read.
    onSuccess: (after) => queryClient.setQueryData(key, after),
  })
  return { updateCard, cancel }
}
