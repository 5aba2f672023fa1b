import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ShippingOption, ShippingOptionValues, ShippingSettings } from '../../../../../shared/checkout'
import type { MelhorEnvioSettings, MelhorEnvioSettingsValues } from '../../../../../shared/melhor-envio'
import { api } from '../../../../lib/api'

export function getShippingOptions(storeId: string): Promise<ShippingOption[]> {
  return api.get<ShippingOption[]>(`/stores/${storeId}/shipping`)
}

export const shippingOptionsQuery = (storeId: string) =>
  queryOptions({ queryKey: ['stores', storeId, 'shipping'], queryFn: () => getShippingOptions(storeId), retry: 0 })

export function useShippingOptions(storeId: string) {
  return useQuery(shippingOptionsQuery(storeId))
}

export function saveShippingOption({
  storeId,
  id,
  values,
}: {
  storeId: string
  /** Absent: create. */
  id?: string
  values: Partial<ShippingOptionValues>
}): Promise<ShippingOption> {
  const base = `/stores/${storeId}/shipping`
  return id ? api.patch<ShippingOption>(`${base}/${id}`, values) : api.post<ShippingOption>(base, values)
}

export function deleteShippingOption({ storeId, id }: { storeId: string; id: string }): Promise<void> {
  return api.delete<void>(`/stores/${storeId}/shipping/${id}`)
}

function useInvalidate() {
  const queryClient = useQueryClient()
  return (storeId: string) => queryClient.invalidateQueries({ queryKey: shippingOptionsQuery(storeId).queryKey })
}

export function useSaveShippingOption() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: saveShippingOption, onSettled: (_d, _e, { storeId }) => invalidate(storeId) })
}

export function useDeleteShippingOption() {
  const invalidate = useInvalidate()
  return useMutation({ mutationFn: deleteShippingOption, onSettled: (_d, _e, { storeId }) => invalidate(storeId) })
}

// ---------------------------------------------------------------------------------------------------------------
// Store shipping settings (the fallback prices)

export const shippingSettingsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'shipping-settings'],
    queryFn: () => api.get<ShippingSettings>(`/stores/${storeId}/shipping/settings`),
    retry: 0,
  })

export function useShippingSettings(storeId: string) {
  return useQuery(shippingSettingsQuery(storeId))
}

export function useSaveShippingSettings(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: ShippingSettings) => api.put<ShippingSettings>(`/stores/${storeId}/shipping/settings`, values),
    onSuccess: (saved) => queryClient.setQueryData(shippingSettingsQuery(storeId).queryKey, saved),
  })
}

export const melhorEnvioQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'melhor-envio'],
    queryFn: () => api.get<MelhorEnvioSettings>(`/stores/${storeId}/shipping/melhor-envio`),
    retry: 0,
  })

export function useMelhorEnvio(storeId: string) {
  return useQuery(melhorEnvioQuery(storeId))
}

export function useSaveMelhorEnvio(storeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: MelhorEnvioSettingsValues) =>
      api.put<MelhorEnvioSettings>(`/stores/${storeId}/shipping/melhor-envio`, values),
    onSuccess: (saved) => queryClient.setQueryData(melhorEnvioQuery(storeId).queryKey, saved),
  })
}
