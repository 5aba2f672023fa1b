import { type JobDefinition, subscribe } from '../../platform/jobs'
import { orderStatusChanged } from '../ordering'
import { orderDelivered, orderShipped } from './events'
import { sendDelivered, sendShipped } from './messages'
import { followSalesStatus } from './sales-status'
import { pollTracking } from './service'

export const TRACKING_POLL_JOB = 'fulfilment.tracking-poll'
/** How often the worker looks for labels due a tracking read (each label is read every POLL_EVERY_MS). */
export const TRACKING_SCAN_EVERY_MS = 15 * 60_000

export const fulfilmentJobs: JobDefinition[] = [
  {
    name: TRACKING_POLL_JOB,
    attempts: 1,
    everyMs: TRACKING_SCAN_EVERY_MS,
    handler: async (_data, ctx) => {
      const delivered = await pollTracking({ db: ctx.db, config: ctx.config })
      if (delivered > 0) ctx.log.info({ delivered }, 'labels delivered')
    },
  },
]

/** The buyer's e-mails, once each per order (the delivery is keyed by (order, kind)). */
export const fulfilmentSubscriptions = [
  subscribe(orderShipped, 'fulfilment.shipped-email', (p, ctx) => sendShipped(ctx, p)),
  subscribe(orderDelivered, 'fulfilment.delivered-email', (p, ctx) => sendDelivered(ctx, p)),
  // The sales screen's Enviado / Entregue: the same shipment row, events and e-mails as this module's own route.
  subscribe(orderStatusChanged, 'fulfilment.sales-status', (p, ctx) => followSalesStatus({ db: ctx.db }, p), {
    relevant: (payloads) => payloads.map((p) => p.to === 'SHIPPED' || p.to === 'DELIVERED'),
  }),
]
