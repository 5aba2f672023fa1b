/**
 * What subscriptions announce (issue 36): one event per change of a subscription a merchant's member area follows
 * (`subscription.created`, `.renewed`, `.past_due`, `.canceled`, `.trial_will_end`), plus the buyer e-mails' kinds.
 * Published in the transaction that makes the change (outbox), so a webhook or an e-mail is never lost nor invented.
 */
import { z } from 'zod'
import { defineEvent } from '../../platform/events'

export const SUBSCRIPTION_WEBHOOK_TYPES = [
  'subscription.created',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.trial_will_end',
] as const

export const subscriptionChanged = defineEvent(
  'subscription.changed',
  z.object({
    type: z.enum(SUBSCRIPTION_WEBHOOK_TYPES),
    subscriptionId: z.string(),
    storeId: z.string(),
    status: z.string(),
    cycleNumber: z.number().int().nullable(),
    at: z.string(),
    /** The decline reason of a failed renewal, when there is one. */
    reason: z.string().nullable().default(null),
  }),
)
export type SubscriptionChange = z.output<typeof subscriptionChanged.schema>

/**
 * A charge is near and the buyer is told by e-mail, once per cycle: a yearly plan's renewal (RENEWAL_NOTICE_DAYS
 * before) or the end of a free trial (TRIAL_NOTICE_DAYS before). `kind` is the e-mail's; absent in events written
 * before trials existed, which were all renewal notices. It comes last in notifications' `{ kind, ...payload }`.
 */
export const subscriptionRenewalNoticed = defineEvent(
  'subscription.renewal_noticed',
  z.object({
    kind: z.enum(['renewal_upcoming', 'trial_ending']).optional(),
    subscriptionId: z.string(),
    storeId: z.string(),
    cycleNumber: z.number().int(),
    dueAt: z.string(),
  }),
)
