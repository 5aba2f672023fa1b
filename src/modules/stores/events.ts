import { z } from 'zod'
import { defineEvent } from '../../platform/events'

export const storeCreated = defineEvent(
  'store.created',
  z.object({ storeId: z.string(), userId: z.string(), name: z.string() }),
)
