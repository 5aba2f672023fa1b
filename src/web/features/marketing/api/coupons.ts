import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CouponDto, CouponInput } from '../../../../shared/coupons'
import { api } from '../../../lib/api'

const base = (storeId: string) => `/stores/${encodeURIComponent(storeId)}/coupons`

export const couponsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'coupons'],
    queryFn: () => api.get<CouponDto[]>(base(storeId), { timeoutMs: 15_000 }),
  })

export const useCoupons = (storeId: string) => useQuery(couponsQuery(storeId))

function useCouponMutation<T>(storeId: string, fn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores', storeId, 'coupons'] }),
  })
}

export const useSaveCoupon = (storeId: string) =>
  useCouponMutation(storeId, ({ id, body }: { id?: string; body: CouponInput }) =>
    id ? api.put<CouponDto>(`${base(storeId)}/${id}`, body) : api.post<CouponDto>(base(storeId), body),
  )

export const useSetCouponActive = (storeId: string) =>
  useCouponMutation(storeId, ({ id, active }: { id: string; active: boolean }) =>
    api.patch<CouponDto>(`${base(storeId)}/${id}/status`, { active }),
  )

export const useDeleteCoupon = (storeId: string) =>
  useCouponMutation(storeId, (id: string) => api.delete<null>(`${base(storeId)}/${id}`))
