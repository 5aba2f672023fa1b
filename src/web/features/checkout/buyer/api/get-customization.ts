import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicCustomization } from '../../../../../shared/checkout'
import { api } from '../../../../lib/api'

/** Header, footer and CSS arrive sanitised by the server (CSS scoped under .checkout-custom). */
export function getCustomization(storeId: string): Promise<PublicCustomization> {
  return api.get<PublicCustomization>(`/public/stores/${encodeURIComponent(storeId)}/customization`, { auth: false })
}

export const customizationQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['checkout', 'customization', storeId],
    queryFn: () => getCustomization(storeId),
    retry: 0,
    staleTime: 60_000,
  })

export function useCustomization(storeId: string | undefined) {
  return useQuery({ ...customizationQuery(storeId ?? ''), enabled: Boolean(storeId) })
}
