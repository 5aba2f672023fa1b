/**
 * The billing time of a store: the injected clock, or — for a sandbox store whose merchant moved it — its test
 * clock (the Stripe idea). The scanner bills stores with a test clock only when their clock is moved.
 */
import type { Clock } from '../../platform/clock'
import type { Db } from './tables'

export async function testClockOf(db: Db, storeId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('subscription_test_clocks')
    .select('now')
    .where('store_id', '=', storeId)
    .executeTakeFirst()
  return row?.now
}

export async function billingNow(db: Db, clock: Clock, storeId: string): Promise<Date> {
  return (await testClockOf(db, storeId)) ?? clock.now()
}
