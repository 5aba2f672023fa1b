import { z } from 'zod'
import { defineEvent } from '../../platform/events'

export const paymentStatuses = ['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const
export const paymentMethods = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const

/** A payment transaction changed status (published in the same transaction as the change, through the outbox). */
export const paymentStatusChanged = defineEvent(
  'payment.status_changed',
  z.object({
    /** Our payment_transactions.id. */
    transactionId: z.string(),
    gatewayId: z.string(),
    storeId: z.string(),
    /** The order id given to createCharge. */
    orderRef: z.string(),
    status: z.enum(paymentStatuses),
    previousStatus: z.string(),
    amountCents: z.number().int(),
    method: z.enum(paymentMethods),
  }),
)
