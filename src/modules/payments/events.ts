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

/**
 * A PIX Automático authorisation changed (the QR paid: ACTIVE; the payer revoked it in the bank app: CANCELLED with
 * cancelledBy PAYER; the merchant cancelled it: RECEIVER; the QR was never paid: EXPIRED). Known only after the
 * authorisation was re-read from the account that made it: a webhook is never believed on its own.
 */
export const pixAutomaticAuthorizationChanged = defineEvent(
  'payment.pix_automatic.authorization_changed',
  z.object({
    storeId: z.string(),
    authorizationId: z.string(),
    /** The caller's reference given at creation (a subscription id). */
    contractRef: z.string(),
    status: z.enum(['PENDING', 'ACTIVE', 'CANCELLED', 'EXPIRED', 'REFUSED']),
    previousStatus: z.string(),
    cancelledBy: z.enum(['PAYER', 'RECEIVER', 'OTHER']).nullable(),
    /** What the QR charged, paid when status is ACTIVE. */
    firstAmountCents: z.number().int(),
  }),
)

/** A recurring PIX Automático charge was debited (PAID), failed for good (FAILED) or was cancelled. */
export const pixAutomaticChargeChanged = defineEvent(
  'payment.pix_automatic.charge_changed',
  z.object({
    storeId: z.string(),
    authorizationId: z.string(),
    chargeId: z.string(),
    /** The caller's reference given when scheduling. */
    externalRef: z.string(),
    status: z.enum(['SCHEDULED', 'PAID', 'FAILED', 'CANCELLED']),
    previousStatus: z.string(),
    amountCents: z.number().int(),
    dueDate: z.string(),
    /** 0: the charge on its due date; 1–3: a retry. */
    retry: z.number().int(),
  }),
)
