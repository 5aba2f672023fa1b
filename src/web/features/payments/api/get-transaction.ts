import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PaymentTransactionDto } from '../../../../shared/payments'
import { api } from '../../../lib/api'

/** Re-reads one transaction; the server asks the gateway first (15 s). */
export function getTransaction(id: string): Promise<PaymentTransactionDto> {
  return api.get<PaymentTransactionDto>(`/payment/ativo-pay/transaction/${id}`, { timeoutMs: 15_000 })
}

export function useRefreshTransaction(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: getTransaction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'payment-transactions'] }),
  })
}
