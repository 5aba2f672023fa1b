import { z } from 'zod'
import { defineEvent } from '../../platform/events'

/** A merchant removed one of a product's uploaded files (its object is deleted too): copies made of it must go. */
export const productFileRemoved = defineEvent(
  'product_file.removed',
  z.object({ fileId: z.string(), productId: z.string(), storeId: z.string() }),
)
