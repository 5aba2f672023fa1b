import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PaymentConfig } from '../../../../shared/payments'
import { api } from '../../../lib/api'

export function getPaymentConfig(storeId: string): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/payment/ativo-pay/payment-config', { query: { storeId } })
}

export const paymentConfigQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'payment-config'],
    queryFn: () => getPaymentConfig(storeId),
    retry: 0,
  })

export function usePaymentConfig(storeId: string | undefined) {
  return useQuery({ ...paymentConfigQuery(storeId ?? ''), enabled: Boolean(storeId) })
}
