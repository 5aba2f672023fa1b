import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PlatformFee } from '../../../../shared/affiliates'
import { api } from '../../../lib/api'

const URL = '/admin/affiliates/platform-fee'

export const platformFeeQuery = () =>
  queryOptions({ queryKey: ['admin', 'platform-fee'], queryFn: () => api.get<PlatformFee>(URL) })

export function usePlatformFee() {
  return useQuery(platformFeeQuery())
}

export function savePlatformFee(fee: PlatformFee) {
  return api.put<{ data: PlatformFee; message: string }>(URL, fee)
}

export function useSavePlatformFee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePlatformFee,
    onSuccess: (res) => queryClient.setQueryData(platformFeeQuery().queryKey, res.data),
  })
}
