import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderStatusResponse } from '../../../../../shared/ordering'
import { api } from '../../../../lib/api'

export const STATUS_POLL_MS = 3000

export function getOrderStatus(orderId: string): Promise<OrderStatusResponse> {
  return api.get<OrderStatusResponse>(`/checkout/order-status/${encodeURIComponent(orderId)}`, {
    auth: false,
    timeoutMs: 15_000,
  })
}

const FINAL = new Set(['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED'])

export const orderStatusQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['checkout', 'order-status', orderId],
    queryFn: () => getOrderStatus(orderId),
    retry: 0,
    // Every 3 s until the order is paid (or otherwise settled); polling errors stay in the query state only.
    refetchInterval: (q) => (FINAL.has(q.state.data?.order.status ?? '') ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
  })

export function useOrderStatus(orderId: string | undefined) {
  return useQuery({ ...orderStatusQuery(orderId ?? ''), enabled: Boolean(orderId) })
}
