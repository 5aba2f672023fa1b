import { z } from 'zod'
import { defineEvent } from '../../platform/events'

export const userRegistered = defineEvent(
  'user.registered',
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    via: z.enum(['register', 'admin', 'seed']),
  }),
)
