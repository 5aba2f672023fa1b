import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  Customization,
  CustomizationInput,
  CustomizationPreview,
  PublicCustomization,
} from '../../../../../shared/checkout'
import type { Store } from '../../../../../shared/stores'
import { api } from '../../../../lib/api'

export function getStore(storeId: string): Promise<Store> {
  return api.get<Store>(`/stores/${storeId}`)
}

export const storeQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId], queryFn: () => getStore(storeId), retry: 0 })

export function useStore(storeId: string) {
  return useQuery(storeQuery(storeId))
}

export function getCustomization(storeId: string): Promise<Customization> {
  return api.get<Customization>(`/stores/${storeId}/customization`)
}

export const customizationQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'customization'],
    queryFn: () => getCustomization(storeId),
    retry: 0,
  })

export function useCustomization(storeId: string, enabled: boolean) {
  return useQuery({ ...customizationQuery(storeId), enabled })
}

export function saveCustomization({
  storeId,
  values,
}: {
  storeId: string
  values: Partial<CustomizationInput>
}): Promise<Customization> {
  return api.patch<Customization>(`/stores/${storeId}/customization`, values)
}

export function useSaveCustomization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveCustomization,
    onSuccess: (saved, { storeId }) => {
      queryClient.setQueryData(customizationQuery(storeId).queryKey, saved)
      void queryClient.invalidateQueries({ queryKey: ['checkout', 'customization', storeId] })
    },
  })
}

/** The merchant's header, footer and CSS as buyers will receive them (sanitised and scoped by the server). */
export function previewCustomization(
  storeId: string,
  values: { customHeaderHtml: string | null; customFooterHtml: string | null; customCss: string | null },
): Promise<CustomizationPreview> {
  return api.post<CustomizationPreview>(`/stores/${storeId}/customization/preview`, values)
}

export const previewQuery = (
  storeId: string,
  values: { customHeaderHtml: string | null; customFooterHtml: string | null; customCss: string | null },
) =>
  queryOptions({
    queryKey: ['stores', storeId, 'customization', 'preview', values],
    queryFn: () => previewCustomization(storeId, values),
    retry: 0,
    staleTime: Number.POSITIVE_INFINITY,
  })

export type { PublicCustomization }
