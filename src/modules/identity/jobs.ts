import { subscribe } from '../../platform/jobs'
import { storeCreated } from '../stores/events'
import { userRegistered } from './events'
import { insertActivity } from './repository'

/** The account's activity log is fed by events; the unique (event, kind) key makes a redelivery a no-op. */
export const identitySubscriptions = [
  subscribe(userRegistered, 'identity.log-user-registered', async (p, ctx) => {
    await insertActivity(ctx.db, {
      eventId: ctx.eventId,
      userId: p.userId,
      kind: 'user.registered',
      data: { via: p.via },
    })
  }),
  subscribe(storeCreated, 'identity.log-store-created', async (p, ctx) => {
    await insertActivity(ctx.db, {
      eventId: ctx.eventId,
      userId: p.userId,
      kind: 'store.created',
      data: { storeId: p.storeId, name: p.name },
    })
  }),
]
