import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OrderPage } from '../../../../../shared/order-page'
import { api } from '../../../../lib/api'

export const ORDER_PAGE_POLL_MS = 3000

const base = (orderId: string) => `/checkout/orders/${encodeURIComponent(orderId)}`

export function getOrderPage(orderId: string, token: string): Promise<OrderPage> {
  return api.get<OrderPage>(`${base(orderId)}/page`, { query: { t: token }, auth: false, timeoutMs: 15_000 })
}

/** 'Gerar novo código': the server answers with the page as it is after the renewal. */
export function renewPix(orderId: string, token: string): Promise<OrderPage> {
  return api.post<OrderPage>(`${base(orderId)}/renew-pix`, undefined, {
    query: { t: token },
    auth: false,
    timeoutMs: 45_000,
  })
}

const SETTLED = new Set(['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'REFUNDED'])

/** Polls every 3 s while the order waits for its payment; stops once it is paid or cancelled. */
export const orderPageQuery = (orderId: string, token: string) =>
  queryOptions({
    queryKey: ['checkout', 'order-page', orderId, token],
    queryFn: () => getOrderPage(orderId, token),
    retry: 1,
    refetchInterval: (q) => {
      const data = q.state.data
      // A cancelled order (an expired PIX waiting for 'Gerar novo código' included) waits for the buyer, not the server.
      if (!data || SETTLED.has(data.order.status) || data.order.status === 'CANCELLED') return false
      return ORDER_PAGE_POLL_MS
    },
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  })

export function useOrderPage(orderId: string, token: string) {
  return useQuery({ ...orderPageQuery(orderId, token), enabled: Boolean(orderId && token) })
}
