import type { JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import { notificationsService } from '../notifications'
import { checkoutAttemptRefused, orderCancelled, orderPaid, orderPlaced } from '../ordering'
import type { RecoveryEmail } from './messages'
import { runReminder, type SendEmail } from './reminders'
import {
  forgetStaleSessions,
  orderFailedFrom,
  orderPaidFrom,
  orderPlacedFrom,
  REMIND_JOB,
  type RemindJob,
} from './sessions'

export const RETENTION_JOB = 'recovery.retention'

const depsOf = (ctx: JobContext) => ({ db: ctx.db, jobs: ctx.jobs, config: ctx.config, log: ctx.log })

/** How a reminder leaves: the notifications module's store message (tests may pass their own). */
export type MailerOf = (ctx: JobContext) => SendEmail

const notificationsMailer: MailerOf = (ctx) => (m: RecoveryEmail) =>
  notificationsService.sendStoreMessage(depsOf(ctx), m)

export function recoveryJobs(mailerOf: MailerOf = notificationsMailer): JobDefinition[] {
  return [
    {
      name: REMIND_JOB,
      handler: async (data, ctx) => runReminder({ ...depsOf(ctx), send: mailerOf(ctx) }, data as RemindJob),
    },
    {
      name: RETENTION_JOB,
      everyMs: 24 * 3600_000,
      handler: async (_data, ctx) => ({ deleted: await forgetStaleSessions(ctx.db) }),
    },
  ]
}

export const recoverySubscriptions = [
  subscribe(
    orderPlaced,
    'recovery.order-placed',
    async (p, ctx) => {
      if (p.checkoutSessionId) await orderPlacedFrom(ctx.db, p.checkoutSessionId, p.storeId, p.orderId)
    },
    { relevant: (ps) => ps.map((p) => Boolean(p.checkoutSessionId)) },
  ),
  subscribe(
    orderPaid,
    'recovery.order-paid',
    async (p, ctx) => {
      if (p.checkoutSessionId)
        await orderPaidFrom(ctx.db, {
          sessionId: p.checkoutSessionId,
          storeId: p.storeId,
          orderId: p.orderId,
          totalCents: p.totalCents,
          paidAt: p.paidAt,
        })
    },
    { relevant: (ps) => ps.map((p) => Boolean(p.checkoutSessionId)) },
  ),
  subscribe(
    checkoutAttemptRefused,
    'recovery.card-refused',
    async (p, ctx) => {
      if (p.checkoutSessionId)
        await orderFailedFrom(depsOf(ctx), { sessionId: p.checkoutSessionId, storeId: p.storeId, kind: 'REFUSED' })
    },
    { relevant: (ps) => ps.map((p) => Boolean(p.checkoutSessionId)) },
  ),
  subscribe(
    orderCancelled,
    'recovery.order-expired',
    async (p, ctx) => {
      if (p.checkoutSessionId && p.reason === 'payment_expired')
        await orderFailedFrom(depsOf(ctx), { sessionId: p.checkoutSessionId, storeId: p.storeId, kind: 'EXPIRED' })
    },
    { relevant: (ps) => ps.map((p) => Boolean(p.checkoutSessionId) && p.reason === 'payment_expired') },
  ),
]
