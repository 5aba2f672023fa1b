import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Store, StoreUpdateInput } from '../../../../shared/stores'
import { api } from '../../../lib/api'
import { myStoresQuery } from './get-my-stores'

export function updateStore({ id, ...input }: StoreUpdateInput & { id: string }): Promise<Store> {
  return api.patch<Store>(`/stores/${id}`, input)
}

export function useUpdateStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStore,
    onSuccess: (store) => {
      queryClient.setQueryData<Store[]>(myStoresQuery().queryKey, (list) =>
        list?.map((s) => (s.id === store.id ? store : s)),
      )
      queryClient.setQueryData(['stores', store.id], store)
    },
  })
}
