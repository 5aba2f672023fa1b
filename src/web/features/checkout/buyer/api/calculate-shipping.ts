import type { ShippingCalculateAnswer } from '../../../../../shared/checkout'
import { api } from '../../../../lib/api'

/** The server prices the item from the catalog; the price sent here is informative only. */
export function calculateShipping(
  storeId: string,
  zipCode: string,
  item: { productId: string; price: number },
): Promise<ShippingCalculateAnswer> {
  return api.post<ShippingCalculateAnswer>(
    `/stores/${encodeURIComponent(storeId)}/shipping/calculate`,
    { zipCode, items: [{ productId: item.productId, quantity: 1, price: item.price }], totalValue: item.price },
    { auth: false },
  )
}
