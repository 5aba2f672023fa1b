import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Sale, SaleStatus } from '../../../../shared/sales'
import { api } from '../../../lib/api'

export function updateSaleStatus({ id, status }: { id: string; status: SaleStatus }): Promise<Sale> {
  return api.patch<Sale>(`/sales/${encodeURIComponent(id)}/status`, { status })
}

/** On success every loaded sales page is refetched: the sale may now fall outside a status filter. */
export function useUpdateSaleStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSaleStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sales'] }),
  })
}
