import { z } from 'zod'
import { defineEvent } from '../../platform/events'

export const paymentStatuses = ['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const
export const paymentMethods = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const

/** Which charge a payment event speaks of. */
const chargeRef = z.object({
  /** ORDER: a charge ordering opened for the order in orderRef; TEST: the merchant's test page (never an order). */
  purpose: z.enum(['ORDER', 'TEST']).default('ORDER'),
  /** Our payment_transactions.id. */
  transactionId: z.string(),
  gatewayId: z.string(),
  storeId: z.string(),
  /** The order id given to createCharge (a `test:` reference for TEST charges). */
  orderRef: z.string(),
})

/** A payment transaction changed status (published in the same transaction as the change, through the outbox). */
export const paymentStatusChanged = defineEvent(
  'payment.status_changed',
  chargeRef.extend({
    status: z.enum(paymentStatuses),
    previousStatus: z.string(),
    amountCents: z.number().int(),
    method: z.enum(paymentMethods),
    /** REFUNDED by a card chargeback, not a refund; defaulted so events written before it existed still parse. */
    chargedBack: z.boolean().default(false),
  }),
)

/**
 * The gateway reported a refund of a charge, whole or partial (one event per gateway refund id, whoever asked for
 * it: our refund call or the merchant at the gateway's own dashboard). `externalRef` is the reference given when we
 * asked for it (ordering's refund id), null for a refund made elsewhere.
 */
export const paymentRefunded = defineEvent(
  'payment.refunded',
  chargeRef.extend({
    gatewayRefundId: z.string(),
    amountCents: z.number().int(),
    externalRef: z.string().nullable(),
    /** What the gateway has refunded of the charge so far, this refund included. */
    refundedTotalCents: z.number().int(),
  }),
)
