import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AccountFees, PaymentAccount, paymentAccountInputSchema } from '../../../../shared/payment-accounts'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${storeId}/payment-accounts`

export const paymentAccountsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'payment-accounts'],
    queryFn: () => api.get<PaymentAccount[]>(base(storeId)),
  })

export function usePaymentAccounts(storeId: string) {
  return useQuery(paymentAccountsQuery(storeId))
}

/** Every change answers with fresh data; the list is read again after it. */
function useAccountMutation<V, R>(storeId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentAccountsQuery(storeId).queryKey }),
  })
}

export const useCreateAccount = (storeId: string) =>
  useAccountMutation(storeId, (input: z.output<typeof paymentAccountInputSchema>) =>
    api.post<PaymentAccount>(base(storeId), input),
  )
export const useMoveAccount = (storeId: string) =>
  useAccountMutation(storeId, (v: { id: string; direction: 'up' | 'down' }) =>
    api.post<PaymentAccount[]>(`${base(storeId)}/${v.id}/move`, { direction: v.direction }),
  )
export const useToggleAccount = (storeId: string) =>
  useAccountMutation(storeId, (v: { id: string; active: boolean }) =>
    api.patch<PaymentAccount>(`${base(storeId)}/${v.id}`, { active: v.active }),
  )
export const useDeleteAccount = (storeId: string) =>
  useAccountMutation(storeId, (id: string) => api.delete<void>(`${base(storeId)}/${id}`))
export const useTestAccount = (storeId: string) =>
  useAccountMutation(storeId, (id: string) =>
    api.post<{ ok: boolean; message: string }>(`${base(storeId)}/${id}/test`, {}, { timeoutMs: 6_000 }),
  )
/** The gateway's fees per method of one account (affiliates' split withholds them). */
export const useSaveAccountFees = (storeId: string) =>
  useAccountMutation(storeId, (v: { id: string; fees: AccountFees }) =>
    api.patch<PaymentAccount>(`${base(storeId)}/${v.id}`, { fees: v.fees }),
  )
