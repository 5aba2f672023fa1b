import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Product, ProductValues } from '../../../../shared/catalog'
import { toReais } from '../../../../shared/money'
import { api } from '../../../lib/api'
import { storeProductsQuery } from './get-products'
import { storeReadinessQuery } from './get-readiness'

export interface SaveProductRequest {
  storeId: string
  /** Absent: create. */
  productId?: string
  values: ProductValues
  /** A chosen image file: the product is then sent as multipart form data. */
  image?: File
}

/** The form's fields on the wire: reais, and '' / null for a cleared field. */
function wireFields(v: ProductValues) {
  return {
    name: v.name,
    description: v.description,
    price: toReais(v.priceCents),
    type: v.type,
    stock: v.stock,
    imageUrl: v.imageUrl,
    digitalFileUrl: v.digitalFileUrl,
    weightGrams: v.weightGrams,
    heightCm: v.heightCm,
    widthCm: v.widthCm,
    lengthCm: v.lengthCm,
  }
}

export function saveProduct({ storeId, productId, values, image }: SaveProductRequest): Promise<Product> {
  const fields = wireFields(values)
  let body: unknown = fields
  if (image) {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v === null ? '' : String(v))
    form.append('image', image)
    body = form
  }
  const base = `/stores/${storeId}/products`
  return productId ? api.patch<Product>(`${base}/${productId}`, body) : api.post<Product>(base, body)
}

export function useSaveProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (_product, { storeId }) => {
      void queryClient.invalidateQueries({ queryKey: storeReadinessQuery(storeId).queryKey })
      return queryClient.invalidateQueries({ queryKey: storeProductsQuery(storeId).queryKey })
    },
  })
}
