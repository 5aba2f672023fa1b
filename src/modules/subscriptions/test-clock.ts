/**
 * The test clock (issue 36, the Stripe idea): a sandbox store's billing time, moved forward by the merchant; the
 * move answers once every charge, retry and end due up to the new time has run. 403 in production and for a store
 * on a real gateway; a move backwards is 400.
 */
import { AppError } from '../../platform/errors'
import { paymentsService } from '../payments'
import { type BillingDeps, runDue } from './billing'
import { testClockOf } from './billing-clock'
import { SUBSCRIPTION_MESSAGES, type TestClock } from './dto'

async function requireSandbox(deps: BillingDeps, storeId: string) {
  const cfg = deps.payments.config
  if (cfg.NODE_ENV === 'production' || !(await paymentsService.onSandboxOnly(deps.payments, storeId)))
    throw new AppError(403, SUBSCRIPTION_MESSAGES.clockSandboxOnly)
}

export async function readTestClock(deps: BillingDeps, storeId: string): Promise<TestClock> {
  await requireSandbox(deps, storeId)
  const frozen = await testClockOf(deps.db, storeId)
  return { storeId, now: (frozen ?? deps.clock.now()).toISOString(), frozen: Boolean(frozen) }
}

export async function moveTestClock(deps: BillingDeps, storeId: string, to: Date): Promise<TestClock> {
  await requireSandbox(deps, storeId)
  const current = (await testClockOf(deps.db, storeId)) ?? deps.clock.now()
  if (to < current)
    throw new AppError(400, SUBSCRIPTION_MESSAGES.clockBackwards, { now: SUBSCRIPTION_MESSAGES.clockBackwards })
  await deps.db
    .insertInto('subscription_test_clocks')
    .values({ store_id: storeId, now: to })
    .onConflict((oc) => oc.column('store_id').doUpdateSet({ now: to, updated_at: new Date() }))
    .execute()
  await runDue(deps, { storeId, now: to })
  return { storeId, now: to.toISOString(), frozen: true }
}
