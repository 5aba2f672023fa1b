import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicPaymentMethods } from '../../../../shared/payments'
import { api } from '../../../lib/api'

export function getPublicMethods(storeId: string): Promise<{ success: true; data: PublicPaymentMethods }> {
  return api.get('/payment/ativo-pay/payment-methods-public', { query: { storeId }, auth: false })
}

export const publicMethodsQuery = (storeId: string) =>
  queryOptions({ queryKey: ['payment-methods-public', storeId], queryFn: () => getPublicMethods(storeId), retry: 0 })

export function usePublicMethods(storeId: string | undefined) {
  return useQuery({ ...publicMethodsQuery(storeId ?? ''), enabled: Boolean(storeId) })
}
