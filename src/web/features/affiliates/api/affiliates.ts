import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AffiliateProgram,
  AffiliateProgramInput,
  Affiliation,
  Balance,
  Commission,
  Coproducer,
  MarketplaceItem,
  Payout,
  PayoutRequest,
  StoreAffiliation,
} from '../../../../shared/affiliates'
import { ApiError, api } from '../../../lib/api'

export interface StoreSale {
  orderId: string
  createdAt: string
  affiliateCents: number
  producerCents: number
  reversedCents: number
  status: Commission['status']
  affiliationId: string | null
}
export type MyAffiliation = Affiliation & { clicks: number }
interface ProductOption {
  id: string
  name: string
}

const store = (storeId: string) => `/stores/${encodeURIComponent(storeId)}`
const programUrl = (storeId: string, productId: string) =>
  `${store(storeId)}/products/${encodeURIComponent(productId)}/affiliate-program`

export const storeProductsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'affiliates', 'products'],
    queryFn: () => api.get<ProductOption[]>(`${store(storeId)}/products?limit=100`),
  })

/** The product's program, or null while it has none (a 404 of a product of this store). */
export const programQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'affiliates', 'program', productId],
    queryFn: () =>
      api.get<AffiliateProgram>(programUrl(storeId, productId)).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null
        throw e
      }),
    enabled: Boolean(productId),
  })

export const storeAffiliationsQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'affiliates', 'list'],
    queryFn: () => api.get<StoreAffiliation[]>(`${store(storeId)}/affiliations?limit=100`),
  })

export const storeSalesQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'affiliates', 'sales'],
    queryFn: () => api.get<StoreSale[]>(`${store(storeId)}/affiliate-sales?limit=100`),
  })

export const useStoreProducts = (storeId: string) => useQuery(storeProductsQuery(storeId))
export const useProgram = (storeId: string, productId: string) => useQuery(programQuery(storeId, productId))
export const useStoreAffiliations = (storeId: string) => useQuery(storeAffiliationsQuery(storeId))
export const useStoreSales = (storeId: string) => useQuery(storeSalesQuery(storeId))

export function useSaveProgram(storeId: string, productId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: AffiliateProgramInput) => api.put<AffiliateProgram>(programUrl(storeId, productId), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['stores', storeId, 'affiliates'] }),
  })
}

export function useSetAffiliationStatus(storeId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: string; status: 'ACTIVE' | 'REFUSED' | 'BLOCKED' }) =>
      api.patch<StoreAffiliation>(`${store(storeId)}/affiliations/${encodeURIComponent(v.id)}`, { status: v.status }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['stores', storeId, 'affiliates'] }),
  })
}

// The affiliate's side (any account).
export const marketplaceQuery = () =>
  queryOptions({
    queryKey: ['affiliates', 'marketplace'],
    queryFn: () => api.get<MarketplaceItem[]>('/affiliate-marketplace?limit=50'),
  })
export const myAffiliationsQuery = () =>
  queryOptions({ queryKey: ['affiliates', 'mine'], queryFn: () => api.get<MyAffiliation[]>('/me/affiliations') })
export const myCommissionsQuery = () =>
  queryOptions({ queryKey: ['affiliates', 'commissions'], queryFn: () => api.get<Commission[]>('/me/commissions') })
export const myBalanceQuery = () =>
  queryOptions({ queryKey: ['affiliates', 'balance'], queryFn: () => api.get<Balance>('/me/balance') })

export const useMarketplace = () => useQuery(marketplaceQuery())
export const useMyAffiliations = () => useQuery(myAffiliationsQuery())
export const useMyCommissions = () => useQuery(myCommissionsQuery())
export const useMyBalance = () => useQuery(myBalanceQuery())

export function useRequestAffiliation() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (productId: string) => api.post<{ data: Affiliation; message: string }>('/affiliations', { productId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['affiliates'] }),
  })
}

export const myPayoutsQuery = () =>
  queryOptions({ queryKey: ['affiliates', 'payouts'], queryFn: () => api.get<Payout[]>('/me/payouts') })
export const useMyPayouts = () => useQuery(myPayoutsQuery())

export function useRequestPayout() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: PayoutRequest) => api.post<{ data: Payout; message: string }>('/me/payouts', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['affiliates'] }),
  })
}

// Co-producers: the producer's invitations per product, the invited account's acceptance.
const coproducersUrl = (storeId: string, productId: string) =>
  `${store(storeId)}/products/${encodeURIComponent(productId)}/coproducers`

export const coproducersQuery = (storeId: string, productId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'affiliates', 'coproducers', productId],
    queryFn: () => api.get<Coproducer[]>(coproducersUrl(storeId, productId)),
    enabled: Boolean(productId),
  })
export const useCoproducers = (storeId: string, productId: string) => useQuery(coproducersQuery(storeId, productId))

export function useInviteCoproducer(storeId: string, productId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: { email: string; shareBps: number }) =>
      api.post<{ data: Coproducer; message: string }>(coproducersUrl(storeId, productId), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['stores', storeId, 'affiliates', 'coproducers'] }),
  })
}

export function useRemoveCoproducer(storeId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${store(storeId)}/coproducers/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['stores', storeId, 'affiliates', 'coproducers'] }),
  })
}

export const myCoproductionsQuery = () =>
  queryOptions({ queryKey: ['affiliates', 'coproductions'], queryFn: () => api.get<Coproducer[]>('/me/coproductions') })
export const useMyCoproductions = () => useQuery(myCoproductionsQuery())

export function useAcceptCoproduction() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ data: Coproducer; message: string }>(`/me/coproductions/${encodeURIComponent(id)}/accept`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['affiliates'] }),
  })
}
