import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'

export interface PayoutSettings {
  asaasWalletId: string | null
}

export const payoutSettingsQuery = () =>
  queryOptions({ queryKey: ['me', 'payout-settings'], queryFn: () => api.get<PayoutSettings>('/me/payout-settings') })

export const usePayoutSettings = () => useQuery(payoutSettingsQuery())

export function useSavePayoutSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (s: PayoutSettings) => api.put<{ data: PayoutSettings; message: string }>('/me/payout-settings', s),
    onSuccess: (res) => queryClient.setQueryData(payoutSettingsQuery().queryKey, res.data),
  })
}
