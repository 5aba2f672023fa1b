import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BuyerShipment } from '../../../../../shared/fulfilment'
import { api } from '../../../../lib/api'

/** The order's shipment as its page's link holder sees it: carrier, tracking code and link (fulfilment module). */
export const buyerShipmentQuery = (orderId: string, token: string) =>
  queryOptions({
    queryKey: ['checkout', 'shipment', orderId, token],
    queryFn: () =>
      api.get<BuyerShipment>(`/orders/${encodeURIComponent(orderId)}/shipment`, { query: { t: token }, auth: false }),
    retry: 1,
    refetchOnWindowFocus: true,
  })

export function useBuyerShipment(orderId: string, token: string) {
  return useQuery(buyerShipmentQuery(orderId, token))
}
