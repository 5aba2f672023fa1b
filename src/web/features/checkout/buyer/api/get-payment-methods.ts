import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicPaymentMethods } from '../../../../../shared/payments'
import { api } from '../../../../lib/api'

export function getPaymentMethods(storeId: string): Promise<{ success: boolean; data: PublicPaymentMethods }> {
  return api.get('/payment/ativo-pay/payment-methods-public', { query: { storeId }, auth: false, timeoutMs: 10_000 })
}

export const paymentMethodsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['checkout', 'payment-methods', storeId],
    queryFn: () => getPaymentMethods(storeId),
    retry: 0,
    staleTime: 60_000,
  })

export function usePaymentMethods(storeId: string, enabled = true) {
  return useQuery({ ...paymentMethodsQuery(storeId), enabled })
}
