import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  EmailDelivery,
  EmailPreview,
  EmailSettings,
  EmailSettingsInput,
  MailboxItem,
  MailboxMessage,
  PreviewKind,
} from '../../../../shared/notifications'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/emails`

export const emailSettingsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'email-settings'],
    queryFn: () => api.get<EmailSettings>(`${base(storeId)}/settings`),
  })

export const useEmailSettings = (storeId: string) => useQuery(emailSettingsQuery(storeId))

export function useSaveEmailSettings(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: EmailSettingsInput) => api.put<EmailSettings>(`${base(storeId)}/settings`, input),
    onSuccess: (s) => queryClient.setQueryData(emailSettingsQuery(storeId).queryKey, s),
  })
}

export const emailDeliveriesQuery = (storeId: string, page: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'email-deliveries', page],
    queryFn: () =>
      api.get<{ deliveries: EmailDelivery[]; total: number; page: number }>(`${base(storeId)}/deliveries`, {
        query: { page, limit: 20 },
      }),
    refetchInterval: 10_000,
  })

export const useEmailDeliveries = (storeId: string, page: number) => useQuery(emailDeliveriesQuery(storeId, page))

export function useResendEmail(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<EmailDelivery>(`${base(storeId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'email-deliveries'] }),
  })
}

export const emailPreviewQuery = (storeId: string, kind: PreviewKind) =>
  queryOptions({
    queryKey: ['stores', storeId, 'email-preview', kind],
    queryFn: () => api.get<EmailPreview>(`${base(storeId)}/previews/${kind}`),
  })

export const useEmailPreview = (storeId: string, kind: PreviewKind) => useQuery(emailPreviewQuery(storeId, kind))

export const mailboxQuery = (page: number, to: string) =>
  queryOptions({
    queryKey: ['admin', 'emails', page, to],
    queryFn: () =>
      api.get<{ messages: MailboxItem[]; total: number; page: number; smtpConfigured: boolean }>('/admin/emails', {
        query: { page, limit: 20, to },
      }),
    refetchInterval: 10_000,
  })

export const useMailbox = (page: number, to: string) => useQuery(mailboxQuery(page, to))

export const mailboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'emails', 'message', id],
    queryFn: () => api.get<MailboxMessage>(`/admin/emails/${encodeURIComponent(id)}`),
  })

export const useMailboxMessage = (id: string | undefined) =>
  useQuery({ ...mailboxMessageQuery(id ?? ''), enabled: Boolean(id) })
