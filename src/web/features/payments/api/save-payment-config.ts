import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PaymentConfig, PaymentConfigInput } from '../../../../shared/payments'
import { api } from '../../../lib/api'
import { paymentConfigQuery } from './get-payment-config'

export function savePaymentConfig(storeId: string, input: PaymentConfigInput): Promise<PaymentConfig> {
  return api.post<PaymentConfig>('/payment/ativo-pay/payment-config', input, { query: { storeId } })
}

export function useSavePaymentConfig(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: PaymentConfigInput) => savePaymentConfig(storeId, input),
    onSuccess: (config) => queryClient.setQueryData(paymentConfigQuery(storeId).queryKey, config),
  })
}
