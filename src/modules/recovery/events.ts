import { z } from 'zod'
import { defineEvent } from '../../platform/events'
import { RECOVERY_KINDS } from '../../shared/recovery'

/**
 * A checkout session became recoverable: its first delay passed with a contact and no order (published once per
 * session, whatever the buyer's consent to reminders; for merchants' webhooks, as Kiwify's `checkout.abandoned`).
 */
export const checkoutAbandoned = defineEvent(
  'checkout.abandoned',
  z.object({
    sessionId: z.string(),
    storeId: z.string(),
    productId: z.string(),
    kind: z.enum(RECOVERY_KINDS),
    step: z.number().int(),
    valueCents: z.number().int(),
    customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
    abandonedAt: z.string(),
  }),
)
