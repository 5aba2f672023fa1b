/**
 * 'Trial ending' (issue 36): TRIAL_NOTICE_DAYS before a free trial ends, the merchant's member area hears
 * `subscription.trial_will_end` and the buyer gets the 'trial ending' e-mail, once per subscription: recorded in the
 * history in the same transaction as both events (outbox), under the row's lock, whatever the scanners.
 */
import { sql } from 'kysely'
import type { Trx as PlatformTrx } from '../../platform/db'
import { publish } from '../../platform/events'
import { subscriptionRenewalNoticed } from './events'
import { recordEvent } from './lifecycle'
import { addDays } from './periods'
import type { Db } from './tables'

export const TRIAL_NOTICE_DAYS = 3

const notNoticed = sql<boolean>`not exists (select 1 from subscription_events e
  where e.subscription_id = subscriptions.id and e.type = 'trial_will_end')`

export async function noticeTrialEnds(db: Db, scope: { storeId?: string; now: Date }): Promise<number> {
  let q = db
    .selectFrom('subscriptions')
    .select('id')
    .where('status', '=', 'TRIALING')
    .where('cancel_at_period_end', '=', false)
    .where('trial_end', '>', scope.now)
    .where('trial_end', '<=', addDays(scope.now, TRIAL_NOTICE_DAYS))
    .where(notNoticed)
  q = scope.storeId
    ? q.where('store_id', '=', scope.storeId)
    : q.where(sql<boolean>`store_id not in (select store_id from subscription_test_clocks)`)
  const due = await q.limit(200).execute()
  let sent = 0
  for (const d of due) {
    const done = await db.transaction().execute(async (trx) => {
      const sub = await trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', d.id)
        .where('status', '=', 'TRIALING')
        .where(notNoticed)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!sub?.trial_end) return false
      await recordEvent(
        trx,
        sub,
        'trial_will_end',
        scope.now,
        { cycle: 1, trialEnd: sub.trial_end.toISOString() },
        'subscription.trial_will_end',
      )
      await publish(trx as unknown as PlatformTrx, subscriptionRenewalNoticed, {
        kind: 'trial_ending',
        subscriptionId: sub.id,
        storeId: sub.store_id,
        cycleNumber: 1,
        dueAt: sub.trial_end.toISOString(),
      })
      return true
    })
    if (done) sent++
  }
  return sent
}
