import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Store, StoreInput } from '../../../../shared/stores'
import { api } from '../../../lib/api'
import { myStoresQuery } from './get-my-stores'

export function createStore(input: StoreInput): Promise<Store> {
  return api.post<Store>('/stores', input)
}

export function useCreateStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStore,
    onSuccess: (store) => {
      queryClient.setQueryData<Store[]>(myStoresQuery().queryKey, (list) => [...(list ?? []), store])
      void queryClient.invalidateQueries({ queryKey: myStoresQuery().queryKey })
    },
  })
}
