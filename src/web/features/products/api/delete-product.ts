import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { storeProductsQuery } from './get-products'
import { storeReadinessQuery } from './get-readiness'

export function deleteProduct({ storeId, productId }: { storeId: string; productId: string }): Promise<void> {
  return api.delete<void>(`/stores/${storeId}/products/${productId}`)
}

/** Deleted or already gone (404), the list is reloaded either way. */
export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: (_data, _err, { storeId }) => {
      void queryClient.invalidateQueries({ queryKey: storeReadinessQuery(storeId).queryKey })
      return queryClient.invalidateQueries({ queryKey: storeProductsQuery(storeId).queryKey })
    },
  })
}
