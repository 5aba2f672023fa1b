import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookInput,
  WebhookWithSecret,
} from '../../../../shared/webhooks'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/webhooks`

export const webhooksQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId, 'webhooks'], queryFn: () => api.get<Webhook[]>(base(storeId)) })

export function useWebhooks(storeId: string) {
  return useQuery(webhooksQuery(storeId))
}

export const webhookDeliveriesQuery = (storeId: string, id: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'webhooks', id, 'deliveries'],
    queryFn: () => api.get<WebhookDeliveryList>(`${base(storeId)}/${encodeURIComponent(id)}/deliveries`),
    refetchInterval: 3_000,
  })

export function useWebhookDeliveries(storeId: string, id: string) {
  return useQuery(webhookDeliveriesQuery(storeId, id))
}

/** Every webhook call refreshes the endpoints and their logs. */
function useWebhookMutation<I, O>(storeId: string, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQuery(storeId).queryKey }),
  })
}

export const useCreateWebhook = (storeId: string) =>
  useWebhookMutation(storeId, (input: WebhookInput) => api.post<WebhookWithSecret>(base(storeId), input))

export const useUpdateWebhook = (storeId: string) =>
  useWebhookMutation(storeId, ({ id, ...patch }: { id: string; active?: boolean }) =>
    api.patch<Webhook>(`${base(storeId)}/${encodeURIComponent(id)}`, patch),
  )

export const useDeleteWebhook = (storeId: string) =>
  useWebhookMutation(storeId, (id: string) => api.delete<void>(`${base(storeId)}/${encodeURIComponent(id)}`))

export const useRotateSecret = (storeId: string) =>
  useWebhookMutation(storeId, (id: string) =>
    api.post<WebhookWithSecret>(`${base(storeId)}/${encodeURIComponent(id)}/rotate-secret`),
  )

export const useSendTest = (storeId: string) =>
  useWebhookMutation(storeId, (id: string) =>
    api.post<WebhookDelivery>(`${base(storeId)}/${encodeURIComponent(id)}/test`),
  )

export const useResendDelivery = (storeId: string) =>
  useWebhookMutation(storeId, ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<WebhookDelivery>(
      `${base(storeId)}/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    ),
  )
