import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderShipment, Shipment, ShipmentInput } from '../../../../shared/fulfilment'
import { ApiError, api, TOKEN_KEY } from '../../../lib/api'

const base = (storeId: string, orderId: string) =>
  `/stores/${encodeURIComponent(storeId)}/orders/${encodeURIComponent(orderId)}`

/** Opens the label's PDF in a new tab: fetched with the session's token (a plain link would carry none). */
export async function openLabel(storeId: string, orderId: string): Promise<void> {
  const tab = window.open('', '_blank')
  const token = localStorage.getItem(TOKEN_KEY)
  const res = await fetch(`/api${base(storeId, orderId)}/shipments/label`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!res.ok) {
    tab?.close()
    throw new ApiError('Etiqueta indisponível', res.status)
  }
  const url = URL.createObjectURL(await res.blob())
  if (tab) tab.location.href = url
  else window.location.href = url
}

export const orderShipmentQuery = (storeId: string, orderId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'orders', orderId, 'shipment'],
    queryFn: () => api.get<OrderShipment>(`${base(storeId, orderId)}/shipment`),
    retry: 0,
  })

export function useOrderShipment(storeId: string, orderId: string, enabled: boolean) {
  return useQuery({ ...orderShipmentQuery(storeId, orderId), enabled })
}

function useShipmentMutation<I, O = Shipment>(storeId: string, orderId: string, call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: orderShipmentQuery(storeId, orderId).queryKey })
      await queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'orders'] })
    },
  })
}

/** 'Gerar etiqueta' or 'Informar código de rastreio': Melhor Envio is called while the request lasts. */
export function useCreateShipment(storeId: string, orderId: string) {
  return useShipmentMutation(storeId, orderId, (input: ShipmentInput) =>
    api.post<Shipment>(`${base(storeId, orderId)}/shipments`, input, { timeoutMs: 90_000 }),
  )
}

export function useMarkDelivered(storeId: string, orderId: string) {
  return useShipmentMutation(storeId, orderId, () =>
    api.post<Shipment>(`${base(storeId, orderId)}/shipments/delivered`, {}),
  )
}

/** 'Cancelar etiqueta': a label bought by mistake, before posting; the order goes back to Pago. */
export function useCancelLabel(storeId: string, orderId: string) {
  return useShipmentMutation(storeId, orderId, () =>
    api.post<{ message: string }>(`${base(storeId, orderId)}/shipments/cancel`, {}, { timeoutMs: 60_000 }),
  )
}
