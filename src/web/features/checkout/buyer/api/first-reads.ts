import type { QueryClient } from '@tanstack/react-query'
import type { PublicProduct } from '../../../../../shared/catalog'
import type { PublicCustomization } from '../../../../../shared/checkout'
import { customizationQuery } from './get-customization'
import type { getPaymentMethods } from './get-payment-methods'
import { paymentMethodsQuery } from './get-payment-methods'
import { productQuery } from './get-product'

/**
 * A checkout page's first three reads, as the public API answered them. The server renders the first paint from
 * them and sends them in the page (src/platform/spa.ts); the browser starts from the same answers, so the page it
 * hydrates is the one already on screen.
 */
export interface FirstReads {
  product: PublicProduct
  customization: PublicCustomization
  methods: Awaited<ReturnType<typeof getPaymentMethods>>
}

export function seedFirstReads(client: QueryClient, storeId: string, productId: string, reads: FirstReads) {
  client.setQueryData(productQuery(storeId, productId).queryKey, reads.product)
  client.setQueryData(customizationQuery(storeId).queryKey, reads.customization)
  client.setQueryData(paymentMethodsQuery(storeId).queryKey, reads.methods)
}
