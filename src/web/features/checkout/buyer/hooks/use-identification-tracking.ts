import { useState } from 'react'
import type { PublicProduct } from '../../../../../shared/catalog'
import { identificationTracker } from '../identification-events'
import { productData, track } from '../tracking'

/**
 * The checkout page's Lead / CompleteRegistration check, kept for the page's whole life: the identification step
 * unmounts on the way to payment and mounts again on Back, and neither may send an event twice.
 */
export function useIdentificationTracking(storeId: string, product: PublicProduct) {
  const [check] = useState(() => identificationTracker((event) => track(event, productData(storeId, product))))
  return check
}
