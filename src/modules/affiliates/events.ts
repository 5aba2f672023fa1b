/**
 * What the affiliates module announces (merchant webhooks `commission.*`): a share of a paid order was credited, its
 * release date passed, or a refund or chargeback took (part of) it back. Published in the transaction of the change.
 */
import { z } from 'zod'
import { defineEvent } from '../../platform/events'
import { COMMISSION_ROLES, COMMISSION_STATUSES } from '../../shared/affiliates'

const share = {
  storeId: z.string(),
  commissionId: z.string(),
  orderId: z.string(),
  role: z.enum(COMMISSION_ROLES),
  affiliationId: z.string().nullable(),
  amountCents: z.number().int(),
}

/** A share of a paid order was credited, PENDING until `releaseAt`. */
export const commissionCreated = defineEvent(
  'commission.created',
  z.object({ ...share, feeCents: z.number().int(), releaseAt: z.string(), createdAt: z.string() }),
)

/** A share's release date passed: what is left of it is AVAILABLE. */
export const commissionReleased = defineEvent(
  'commission.released',
  z.object({ ...share, availableCents: z.number().int(), releasedAt: z.string() }),
)

/** A refund or chargeback took `reversedCents` of the share back (all of it when `status` is REVERSED). */
export const commissionReversed = defineEvent(
  'commission.reversed',
  z.object({
    ...share,
    reversedCents: z.number().int(),
    totalReversedCents: z.number().int(),
    status: z.enum(COMMISSION_STATUSES),
    chargeback: z.boolean(),
    reversedAt: z.string(),
  }),
)

/** A producer invited an e-mail to a share of a product's sales: the invitation is e-mailed with its accept link. */
export const coproducerInvited = defineEvent(
  'coproducer.invited',
  z.object({
    coproducerId: z.string(),
    storeId: z.string(),
    productId: z.string(),
    email: z.string(),
    shareBps: z.number().int(),
  }),
)
