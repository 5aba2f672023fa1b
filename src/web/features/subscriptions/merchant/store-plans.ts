import { useQueries, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { productPlansQuery } from '../api/plans'
import type { Plan } from '../model'

interface ProductRow {
  id: string
  name: string
  type: string
}

/**
 * Every plan of the store, named 'Produto · Plano', for the list's plan filter and names: plans belong to digital
 * products, so they are read product by product (a store has a handful of digital products).
 */
export function useStorePlans(storeId: string): (Plan & { title: string })[] {
  const products = useQuery({
    queryKey: ['stores', storeId, 'products'],
    queryFn: () => api.get<ProductRow[]>(`/stores/${encodeURIComponent(storeId)}/products`),
  })
  const digital = (products.data ?? []).filter((p) => p.type === 'DIGITAL')
  const plans = useQueries({ queries: digital.map((p) => ({ ...productPlansQuery(storeId, p.id), retry: 0 })) })
  return digital.flatMap((product, i) =>
    (plans[i]?.data ?? []).map((plan) => ({ ...plan, title: `${product.name} · ${plan.name}` })),
  )
}
