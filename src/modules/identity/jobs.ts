import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { EventDef } from '../../platform/events'
import { subscribe } from '../../platform/jobs'
import { storeCreated } from '../stores/events'
import { userRegistered } from './events'
import { logActivity } from './service'

const FOREIGN_KEY_VIOLATION = '23503'

/**
 * An account deleted before its event was handled has no log to write to: that is done, not a failure to retry
 * into the dead-letter list (the row would be deleted with the account anyway).
 */
async function logUnlessGone(log: FastifyBaseLogger, write: () => Promise<void>) {
  try {
    await write()
  } catch (err) {
    if ((err as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw err
    log.info('account gone before its activity was logged; nothing to do')
  }
}

/** One activity row per (event, kind): written by the event's handler, a redelivery is a no-op. */
function activitySubscription<S extends z.ZodType<{ userId: string }>>(
  event: EventDef<S>,
  name: string,
  kind: string,
  data: (p: z.output<S>) => Record<string, unknown>,
) {
  return subscribe(event, name, (p, ctx) =>
    logUnlessGone(ctx.log, () => logActivity(ctx.db, { eventId: ctx.eventId, userId: p.userId, kind, data: data(p) })),
  )
}

/** The account's activity log is fed by events; the unique (event, kind) key makes a redelivery a no-op. */
export const identitySubscriptions = [
  activitySubscription(userRegistered, 'identity.log-user-registered', 'user.registered', (p) => ({ via: p.via })),
  activitySubscription(storeCreated, 'identity.log-store-created', 'store.created', (p) => ({
    storeId: p.storeId,
    name: p.name,
  })),
]
