import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PaymentTransactionDto, TransactionRequest } from '../../../../shared/payments'
import { api } from '../../../lib/api'

export interface CreateTransactionAnswer {
  success: true
  transactionId: string
  gatewayId: string
  status: string
  paymentMethod: string
  qrCode: string | null
  paymentUrl: string | null
  boletoLine: string | null
  pixExpiresAt: string | null
  sandbox: boolean
  data: PaymentTransactionDto
}

/** The spec's proxy call (30 s); the server resolves the store's key itself, the browser sends only x-store-id. */
export function createTransaction(storeId: string, input: TransactionRequest): Promise<CreateTransactionAnswer> {
  return api.post<CreateTransactionAnswer>('/payment/ativo-pay/transaction', input, {
    headers: { 'x-store-id': storeId },
    timeoutMs: 30_000,
  })
}

export function useCreateTransaction(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TransactionRequest) => createTransaction(storeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'payment-transactions'] }),
  })
}
