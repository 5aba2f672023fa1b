import type { Clock } from '../../platform/clock'
import { type JobDefinition, subscribe } from '../../platform/jobs'
import { orderStatusChanged } from '../ordering'
import { orderDelivered, orderShipped, shipmentLabelCancelled } from './events'
import { LABEL_SWEEP_EVERY_MS, sweepStuckLabels } from './label-sweeper'
import { sendDelivered, sendLabelCancelled, sendShipped } from './messages'
import { followSalesStatus } from './sales-status'
import { pollTracking } from './service'

export const TRACKING_POLL_JOB = 'fulfilment.tracking-poll'
export const LABEL_SWEEP_JOB = 'fulfilment.stuck-label-sweep'
/** How often the worker looks for labels due a tracking read (each label is read every POLL_EVERY_MS). */
export const TRACKING_SCAN_EVERY_MS = 15 * 60_000

export function fulfilmentJobs(clock: Clock): JobDefinition[] {
  const depsOf = (ctx: Parameters<JobDefinition['handler']>[1]) => ({
    db: ctx.db,
    config: ctx.config,
    now: () => clock.now(),
    log: ctx.log,
  })
  return [
    {
      name: TRACKING_POLL_JOB,
      attempts: 1,
      everyMs: TRACKING_SCAN_EVERY_MS,
      handler: async (_data, ctx) => {
        const delivered = await pollTracking(depsOf(ctx))
        if (delivered > 0) ctx.log.info({ delivered }, 'labels delivered')
      },
    },
    {
      // Label purchases (or cancels) that died half-way: read back from Melhor Envio and finished (label-sweeper.ts).
      name: LABEL_SWEEP_JOB,
      attempts: 1,
      everyMs: LABEL_SWEEP_EVERY_MS,
      handler: async (_data, ctx) => {
        const outcomes = await sweepStuckLabels(depsOf(ctx))
        if (outcomes.length > 0) ctx.log.info({ outcomes }, 'stuck labels swept')
        return outcomes
      },
    },
  ]
}

/** The buyer's e-mails, once each per order (the delivery is keyed by (order, kind)). */
export const fulfilmentSubscriptions = [
  subscribe(orderShipped, 'fulfilment.shipped-email', (p, ctx) => sendShipped(ctx, p)),
  subscribe(orderDelivered, 'fulfilment.delivered-email', (p, ctx) => sendDelivered(ctx, p)),
  subscribe(shipmentLabelCancelled, 'fulfilment.label-cancelled-email', (p, ctx) => sendLabelCancelled(ctx, p)),
  // The sales screen's Enviado / Entregue: the same shipment row, events and e-mails as this module's own route.
  subscribe(orderStatusChanged, 'fulfilment.sales-status', (p, ctx) => followSalesStatus({ db: ctx.db }, p), {
    relevant: (payloads) => payloads.map((p) => p.to === 'SHIPPED' || p.to === 'DELIVERED'),
  }),
]
