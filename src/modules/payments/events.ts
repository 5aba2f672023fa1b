import { z } from 'zod'
import { defineEvent } from '../../platform/events'

export const paymentStatuses = ['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const
export const paymentMethods = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const

/** A payment transaction changed status (published in the same transaction as the change, through the outbox). */
export const paymentStatusChanged = defineEvent(
  'payment.status_changed',
  z.object({
    /** ORDER: a charge ordering opened for the order in orderRef; TEST: the merchant's test page (never an order). */
    purpose: z.enum(['ORDER', 'TEST']).default('ORDER'),
    /** Our payment_transactions.id. */
    transactionId: z.string(),
    gatewayId: z.string(),
    storeId: z.string(),
    /** The order id given to createCharge (a `test:` reference for TEST charges). */
    orderRef: z.string(),
    status: z.enum(paymentStatuses),
    previousStatus: z.string(),
    amountCents: z.number().int(),
    method: z.enum(paymentMethods),
    /** REFUNDED by a card chargeback, not a refund; defaulted so events written before it existed still parse. */
    chargedBack: z.boolean().default(false),
  }),
)
