import { z } from 'zod'
import { defineEvent } from '../../platform/events'

/**
 * A buyer asked for a sign-in link and the e-mail has orders. The token travels encrypted (APP_SECRET): the outbox
 * row must not hold a usable link; notifications decrypts it to send the e-mail.
 */
export const buyerLoginRequested = defineEvent(
  'buyer.login_requested',
  z.object({ linkId: z.string(), email: z.string(), tokenEncrypted: z.string(), expiresAt: z.string() }),
)
