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

/**
 * Someone asked for a password reset link for an existing, active account ('Esqueci minha senha'). The token travels
 * encrypted (APP_SECRET): the outbox row must not hold a usable link; notifications decrypts it to send the e-mail.
 */
export const passwordResetRequested = defineEvent(
  'user.password_reset_requested',
  z.object({
    userId: z.string(),
    resetId: z.string(),
    email: z.string(),
    name: z.string(),
    tokenEncrypted: z.string(),
    expiresAt: z.string(),
  }),
)
