import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { type DashboardData, dashboardSchema, type Period, zeroDashboard } from '../model'

export async function getAdminDashboard(period: Period): Promise<DashboardData> {
  return dashboardSchema.parse(await api.get<unknown>('/admin/dashboard', { query: { period } }))
}

export const adminDashboardQuery = (period: Period) =>
  queryOptions({ queryKey: ['admin', 'dashboard', period], queryFn: () => getAdminDashboard(period), retry: 0 })

const LOCAL_DEFAULT = zeroDashboard()

export interface GeneralDashboardState {
  data: DashboardData | undefined
  isLoading: boolean
  isError: boolean
  isFetching: boolean
  refetch(): void
}

/** The platform endpoint for administrators; everyone else gets the zero-filled local default (no call). */
export function useGeneralDashboard(period: Period, platform: boolean): GeneralDashboardState {
  const query = useQuery({ ...adminDashboardQuery(period), enabled: platform, placeholderData: keepPreviousData })
  if (!platform) return { data: LOCAL_DEFAULT, isLoading: false, isError: false, isFetching: false, refetch: () => {} }
  return {
    data: query.data,
    isLoading: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  }
}
