import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Refund, RefundInput, RefundList } from '../../../../shared/refunds'
import { api } from '../../../lib/api'

const url = (storeId: string, orderId: string) =>
  `/stores/${encodeURIComponent(storeId)}/orders/${encodeURIComponent(orderId)}/refunds`

export const orderRefundsQuery = (storeId: string, orderId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'orders', orderId, 'refunds'],
    queryFn: () => api.get<RefundList>(url(storeId, orderId)),
    retry: 0,
  })

export function useOrderRefunds(storeId: string, orderId: string) {
  return useQuery(orderRefundsQuery(storeId, orderId))
}

/** 'Reembolsar': the gateway is called while the request lasts (up to 30 s). */
export function useRefundOrder(storeId: string, orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RefundInput) => api.post<Refund>(url(storeId, orderId), input, { timeoutMs: 45_000 }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: orderRefundsQuery(storeId, orderId).queryKey })
      await queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'orders'] })
    },
  })
}
