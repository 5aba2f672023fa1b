import type { FastifyBaseLogger } from 'fastify'
import { subscribe } from '../../platform/jobs'
import { storeCreated } from '../stores/events'
import { userRegistered } from './events'
import { insertActivity } from './repository'

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

/** The account's activity log is fed by events; the unique (event, kind) key makes a redelivery a no-op. */
export const identitySubscriptions = [
  subscribe(userRegistered, 'identity.log-user-registered', (p, ctx) =>
    logUnlessGone(ctx.log, () =>
      insertActivity(ctx.db, {
        eventId: ctx.eventId,
        userId: p.userId,
        kind: 'user.registered',
        data: { via: p.via },
      }),
    ),
  ),
  subscribe(storeCreated, 'identity.log-store-created', (p, ctx) =>
    logUnlessGone(ctx.log, () =>
      insertActivity(ctx.db, {
        eventId: ctx.eventId,
        userId: p.userId,
        kind: 'store.created',
        data: { storeId: p.storeId, name: p.name },
      }),
    ),
  ),
]
