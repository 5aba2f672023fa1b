import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { Dunning } from '../model'

const store = (storeId: string) => `/stores/${encodeURIComponent(storeId)}`

export const dunningQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'dunning'],
    queryFn: () => api.get<Dunning>(`${store(storeId)}/dunning`),
  })

export const useDunning = (storeId: string) => useQuery(dunningQuery(storeId))

export function useSaveDunning(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Dunning) => api.put<Dunning>(`${store(storeId)}/dunning`, input),
    onSuccess: (saved) => queryClient.setQueryData(dunningQuery(storeId).queryKey, saved),
  })
}

export interface TestClock {
  storeId: string
  now: string
  /** false: the store's billing time still follows the real time. */
  frozen: boolean
}

/** The store's billing time (sandbox stores only: a 403 says the store may not use it). */
export const testClockQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'test-clock'],
    queryFn: () => api.get<TestClock>(`${store(storeId)}/test-clock`),
    retry: false,
  })

export const useTestClock = (storeId: string) => useQuery(testClockQuery(storeId))

/** Answers once everything due up to `now` has run, so the subscriptions are read again after it. */
export function useAdvanceTestClock(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (now: string) => api.post<TestClock>(`${store(storeId)}/test-clock`, { now }, { timeoutMs: 120_000 }),
    onSuccess: (clock) => {
      queryClient.setQueryData(testClockQuery(storeId).queryKey, clock)
      return queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'subscriptions'] })
    },
  })
}
