import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPayout, PayoutStatus } from '../../../../shared/affiliates'
import { api } from '../../../lib/api'

export const adminPayoutsQuery = (status: PayoutStatus | '') =>
  queryOptions({
    queryKey: ['admin', 'affiliate-payouts', status],
    queryFn: () =>
      api.get<AdminPayout[]>(
        `/admin/affiliate-payouts?limit=100${status ? `&status=${encodeURIComponent(status)}` : ''}`,
      ),
  })

export function useAdminPayouts(status: PayoutStatus | '') {
  return useQuery(adminPayoutsQuery(status))
}

export type PayoutDecision = { action: 'approve' | 'pay' } | { action: 'reject'; reason: string }

export function decidePayout(id: string, d: PayoutDecision) {
  const body = d.action === 'reject' ? { reason: d.reason } : {}
  return api.post<{ data: AdminPayout; message: string }>(
    `/admin/affiliate-payouts/${encodeURIComponent(id)}/${d.action}`,
    body,
  )
}

export function useDecidePayout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: PayoutDecision }) => decidePayout(id, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'affiliate-payouts'] }),
  })
}
