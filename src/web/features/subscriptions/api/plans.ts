import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { Plan, PlanInput } from '../model'

const plansPath = (storeId: string, productId: string) =>
  `/stores/${encodeURIComponent(storeId)}/products/${encodeURIComponent(productId)}/plans`

export const productPlansQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'products', productId, 'plans'],
    queryFn: () => api.get<Plan[]>(plansPath(storeId, productId)),
  })

export function useProductPlans(storeId: string, productId: string) {
  return useQuery(productPlansQuery(storeId, productId))
}

/** Creates (no id) or updates a plan; the list is read again after. */
export function useSavePlan(storeId: string, productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PlanInput }) =>
      id
        ? api.patch<Plan>(`${plansPath(storeId, productId)}/${encodeURIComponent(id)}`, input)
        : api.post<Plan>(plansPath(storeId, productId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productPlansQuery(storeId, productId).queryKey }),
  })
}

export function useDeletePlan(storeId: string, productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${plansPath(storeId, productId)}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productPlansQuery(storeId, productId).queryKey }),
  })
}
