import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BuyerLoginLinkInput, BuyerOrders, Library } from '../../../../shared/buyers'
import { api } from '../../../lib/api'

/** The buyer's session is an HttpOnly cookie the browser sends itself: never the merchant's bearer token. */
const asBuyer = { auth: false } as const

export const buyerMeQuery = () =>
  queryOptions({
    queryKey: ['buyer', 'me'],
    queryFn: () => api.get<{ email: string }>('/buyer/me', asBuyer),
    retry: false,
  })

export const buyerOrdersQuery = (offset: number) =>
  queryOptions({
    queryKey: ['buyer', 'orders', offset],
    queryFn: () => api.get<BuyerOrders>('/buyer/orders', { ...asBuyer, query: { limit: 20, offset } }),
  })

export const buyerLibraryQuery = () =>
  queryOptions({ queryKey: ['buyer', 'library'], queryFn: () => api.get<Library>('/buyer/library', asBuyer) })

export const useBuyerMe = () => useQuery(buyerMeQuery())
export const useBuyerOrders = (offset: number, enabled: boolean) => useQuery({ ...buyerOrdersQuery(offset), enabled })
export const useBuyerLibrary = (enabled: boolean) => useQuery({ ...buyerLibraryQuery(), enabled })

export function useRequestLoginLink() {
  return useMutation({
    mutationFn: (input: BuyerLoginLinkInput) => api.post<{ message: string }>('/buyer/login-link', input, asBuyer),
  })
}

export function useRedeemLoginLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => api.post<{ email: string }>('/buyer/session', { token }, asBuyer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['buyer'] }),
  })
}

export function useBuyerLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<void>('/buyer/logout', undefined, asBuyer),
    onSettled: () => queryClient.resetQueries({ queryKey: ['buyer'] }),
  })
}
