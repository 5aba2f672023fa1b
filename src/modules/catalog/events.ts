import { z } from 'zod'
import { defineEvent } from '../../platform/events'

const productRef = z.object({
  productId: z.string(),
  storeId: z.string(),
  type: z.enum(['PHYSICAL', 'DIGITAL']),
})

export const productCreated = defineEvent('product.created', productRef)
export const productUpdated = defineEvent('product.updated', productRef)
export const productDeleted = defineEvent('product.deleted', productRef)
