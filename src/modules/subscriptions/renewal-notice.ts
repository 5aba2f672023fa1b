/**
 * The 'renewal upcoming' notice of yearly plans (issue 36): a year is long enough for a buyer to forget, so the
 * scanner announces each yearly renewal RENEWAL_NOTICE_DAYS before it is due. Recorded in the subscription's history
 * in the same transaction as the event (outbox), so the notice is sent once per cycle whatever the scanners.
 */
import { sql } from 'kysely'
import type { Trx as PlatformTrx } from '../../platform/db'
import { publish } from '../../platform/events'
import { subscriptionRenewalNoticed } from './events'
import { addDays } from './periods'
import type { Db } from './tables'

export const RENEWAL_NOTICE_DAYS = 7

const noticed = (cycleNumber: unknown) =>
  sql<boolean>`exists (select 1 from subscription_events e where e.subscription_id = s.id
    and e.type = 'renewal_noticed' and (e.data->>'cycle') = ${String(cycleNumber)})`

export async function noticeRenewals(db: Db, scope: { storeId?: string; now: Date }): Promise<number> {
  let q = db
    .selectFrom('subscription_cycles as c')
    .innerJoin('subscriptions as s', 's.id', 'c.subscription_id')
    .select(['s.id', 's.store_id', 'c.number', 'c.due_at'])
    .where('c.status', '=', 'SCHEDULED')
    .where('s.status', '=', 'ACTIVE')
    .where('s.interval_unit', '=', 'YEAR')
    .where('s.cancel_at_period_end', '=', false)
    .where('c.due_at', '>', scope.now)
    .where('c.due_at', '<=', addDays(scope.now, RENEWAL_NOTICE_DAYS))
    .where(sql<boolean>`not exists (select 1 from subscription_events e where e.subscription_id = s.id
      and e.type = 'renewal_noticed' and (e.data->>'cycle') = c.number::text)`)
  q = scope.storeId
    ? q.where('s.store_id', '=', scope.storeId)
    : q.where(sql<boolean>`s.store_id not in (select store_id from subscription_test_clocks)`)
  const due = await q.limit(200).execute()
  let sent = 0
  for (const d of due) {
    const done = await db.transaction().execute(async (trx) => {
      // Under the subscription's lock, re-checked: two scanners notice a cycle once.
      const sub = await trx
        .selectFrom('subscriptions as s')
        .select(['s.id'])
        .where('s.id', '=', d.id)
        .where(sql<boolean>`not ${noticed(d.number)}`)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!sub) return false
      await trx
        .insertInto('subscription_events')
        .values({
          subscription_id: d.id,
          type: 'renewal_noticed',
          at: scope.now,
          data: JSON.stringify({ cycle: d.number, dueAt: d.due_at.toISOString() }),
        })
        .execute()
      await publish(trx as unknown as PlatformTrx, subscriptionRenewalNoticed, {
        kind: 'renewal_upcoming',
        subscriptionId: d.id,
        storeId: d.store_id,
        cycleNumber: d.number,
        dueAt: d.due_at.toISOString(),
      })
      return true
    })
    if (done) sent++
  }
  return sent
}
