import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PaymentTransactionDto } from '../../../../shared/payments'
import { api } from '../../../lib/api'

export interface TransactionPage {
  data: PaymentTransactionDto[]
  page: number
  limit: number
  total: number
  totalPages: number
}

export function listTransactions(storeId: string, status: string | undefined, page: number): Promise<TransactionPage> {
  return api.get<TransactionPage>('/payment/ativo-pay/transactions', {
    query: { storeId, status, page },
    timeoutMs: 15_000,
  })
}

export const transactionsQuery = (storeId: string, status: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'payment-transactions', status ?? 'all', page],
    queryFn: () => listTransactions(storeId, status, page),
    placeholderData: keepPreviousData,
  })

export function useTransactions(storeId: string | undefined, status: string | undefined, page: number) {
  return useQuery({ ...transactionsQuery(storeId ?? '', status, page), enabled: Boolean(storeId) })
}
