import type { Clock } from '../../platform/clock'
import type { JobContext, JobDefinition } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import { orderPaid, orderPlaced, orderRefunded } from '../ordering'
import { platformTransfers } from '../payments'
import { attributeOrder, consistencyProblems, creditPaidOrder, releaseDue, reverseRefundedOrder } from './commissions'
import { ordersWithCommissions } from './commissions.repository'
import { coproducedProducts } from './coproducers.repository'
import { coproducerInvited } from './events'
import { sendInvitation } from './invitation-email'
import {
  advanceTransfer,
  PAYOUT_TRANSFER_JOB,
  PAYOUT_TRANSFER_SWEEP_JOB,
  sweepTransfers,
  syncTransfer,
  type TransferDeps,
} from './payout-transfers'
import { openProgramProducts } from './repository'
import type { Db } from './tables'
import { transferJobSchema } from './transfer-webhook'

export const RELEASE_JOB = 'affiliates.release'
export const CONSISTENCY_JOB = 'affiliates.consistency'

/** Only orders of a product with an open program become jobs (one query for the relay's whole batch). */
async function ofOpenPrograms(ps: { items: { productId: string }[] }[], db: unknown) {
  const open = await openProgramProducts(db as Db, [...new Set(ps.flatMap((p) => p.items.map((i) => i.productId)))])
  return ps.map((p) => p.items.some((i) => open.has(i.productId)))
}

/** Paid orders to split: an open program (maybe an affiliate) or an accepted co-producer. */
async function toSplit(ps: { items: { productId: string }[] }[], db: unknown) {
  const ids = [...new Set(ps.flatMap((p) => p.items.map((i) => i.productId)))]
  const open = await openProgramProducts(db as Db, ids)
  const co = await coproducedProducts(db as Db, ids)
  return ps.map((p) => p.items.some((i) => open.has(i.productId) || co.has(i.productId)))
}

export function affiliatesJobs(clock: Clock): JobDefinition[] {
  const transferDeps = (ctx: JobContext): TransferDeps => ({
    db: ctx.db,
    clock,
    transfers: platformTransfers(ctx.config),
    log: ctx.log,
  })
  return [
    {
      // Posts an approved payout's PIX transfer, or re-reads one a webhook named; throws to be retried.
      name: PAYOUT_TRANSFER_JOB,
      handler: async (data, ctx) => {
        const job = transferJobSchema.parse(data)
        if ('transferId' in job) return { step: await syncTransfer(transferDeps(ctx), job.transferId) }
        return { step: await advanceTransfer(transferDeps(ctx), job.payoutId) }
      },
    },
    {
      // The periodic read: transfers whose webhook, job or answer was lost still end (PAID or FAILED).
      name: PAYOUT_TRANSFER_SWEEP_JOB,
      everyMs: 60_000,
      handler: async (_data, ctx) => {
        const deps = transferDeps(ctx)
        return deps.transfers ? sweepTransfers(deps) : { skipped: 'no key' }
      },
    },
    {
      name: RELEASE_JOB,
      everyMs: 60_000,
      handler: async (_data, ctx) => ({ released: await releaseDue({ db: ctx.db, clock }) }),
    },
    {
      name: CONSISTENCY_JOB,
      everyMs: 24 * 3600_000,
      handler: async (_data, ctx) => {
        const problems = await consistencyProblems(ctx.db)
        if (Object.values(problems).some((ids) => ids.length))
          ctx.log.error({ problems }, 'affiliates ledger inconsistent')
        return problems
      },
    },
  ]
}

/**
 * A subscription's renewal is an order like any other (placed, paid, refunded with its `subscriptionId`): the same
 * subscribers credit it, and `recurring` decides whether anyone but the producer shares in it (renewals.ts).
 */
export function affiliatesSubscriptions(clock: Clock) {
  return [
    subscribe(coproducerInvited, 'affiliates.coproducer-invitation', (p, ctx) => sendInvitation(ctx, p)),
    // Attributed as soon as it is placed, so the commission of that moment is kept (a later change is not applied).
    subscribe(
      orderPlaced,
      'affiliates.attribute',
      async (p, ctx) => void (await attributeOrder(ctx.db, p.orderId, p.subscriptionId)),
      {
        relevant: ofOpenPrograms,
      },
    ),
    subscribe(
      orderPaid,
      'affiliates.credit',
      async (p, ctx) => {
        await creditPaidOrder({ db: ctx.db, clock }, p)
      },
      { relevant: toSplit },
    ),
    subscribe(
      orderRefunded,
      'affiliates.reverse',
      async (p, ctx) => {
        await reverseRefundedOrder({ db: ctx.db, clock }, p)
      },
      {
        relevant: async (ps, db) => {
          const has = await ordersWithCommissions(
            db as Db,
            ps.map((p) => p.orderId),
          )
          return ps.map((p) => has.has(p.orderId))
        },
      },
    ),
  ]
}
