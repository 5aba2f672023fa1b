import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { Plan, SubscriptionDetail } from '../model'

/** What the buyer sees of one subscription: the plan, the periods and their invoices (the cycles). */
export interface BuyerSubscription extends SubscriptionDetail {
  plan: Plan
  productName?: string
  storeName?: string
  /** The card the renewals are charged on ('•••• 0341'), when the subscription is paid by card. */
  cardLast4?: string | null
}

export interface CardInput {
  cardName: string
  cardNumber: string
  expiryDate: string
  cvv: string
}

// The signed link of every e-mail (/assinatura/:id?t=…): the token is the only credential, never the buyer's cookie.
const manage = (id: string) => `/subscriptions/${encodeURIComponent(id)}/manage`
const asLink = (token: string) => ({ auth: false, query: { t: token } }) as const

export const selfServiceQuery = (id: string, token: string) =>
  queryOptions({
    queryKey: ['subscription-link', id, token],
    queryFn: () => api.get<BuyerSubscription>(manage(id), asLink(token)),
    retry: false,
  })

export const useSelfService = (id: string, token: string) => useQuery(selfServiceQuery(id, token))

export function useSelfServiceActions(id: string, token: string) {
  const queryClient = useQueryClient()
  const settle = (s: BuyerSubscription) => queryClient.setQueryData(selfServiceQuery(id, token).queryKey, s)
  // A new saved card, then (if past due) an immediate retry: the answer says how that retry went.
  const updateCard = useMutation({
    mutationFn: (card: CardInput) =>
      api.post<BuyerSubscription>(`${manage(id)}/card`, card, { ...asLink(token), timeoutMs: 60_000 }),
    onSuccess: settle,
  })
  const cancel = useMutation({
    mutationFn: (atPeriodEnd: boolean) =>
      api.post<BuyerSubscription>(`${manage(id)}/cancel`, { atPeriodEnd }, asLink(token)),
    onSuccess: settle,
  })
  return { updateCard, cancel }
}
