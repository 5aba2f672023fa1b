import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RecoveryEntry, RecoverySettings, RecoverySummary } from '../../../../shared/recovery'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/recovery`

export const recoveryListQuery = (storeId: string, offset: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'recovery', 'list', offset],
    queryFn: () => api.get<RecoveryEntry[]>(`${base(storeId)}?limit=50&offset=${offset}`, { timeoutMs: 15_000 }),
  })

export const recoverySummaryQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'recovery', 'summary'],
    queryFn: () => api.get<RecoverySummary>(`${base(storeId)}/summary`, { timeoutMs: 15_000 }),
    retry: 0,
  })

export const recoverySettingsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'recovery', 'settings'],
    queryFn: () => api.get<RecoverySettings>(`${base(storeId)}/settings`, { timeoutMs: 15_000 }),
  })

export const useRecoveryList = (storeId: string, offset: number) => useQuery(recoveryListQuery(storeId, offset))
export const useRecoverySummary = (storeId: string) => useQuery(recoverySummaryQuery(storeId))
export const useRecoverySettings = (storeId: string) => useQuery(recoverySettingsQuery(storeId))

export function useSaveRecoverySettings(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RecoverySettings) => api.put<RecoverySettings>(`${base(storeId)}/settings`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'recovery'] }),
  })
}
