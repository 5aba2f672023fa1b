/**
 * The buyer area's subscriptions (issue 36): every subscription of the signed-in buyer's e-mail, across stores,
 * each with its self-service token (the area manages a subscription through the same signed link as the e-mails).
 */
import type { z } from 'zod'
import type { Clock } from '../../platform/clock'
import { catalogService } from '../catalog'
import { billingNow } from './billing-clock'
import type { buyerAreaSubscriptionSchema } from './dto'
import { hasAccess } from './lifecycle'
import { selfServiceToken } from './self-service'
import type { Db } from './tables'

export type BuyerAreaSubscription = z.infer<typeof buyerAreaSubscriptionSchema>

export async function buyerSubscriptions(
  deps: { db: Db; clock: Clock; secret: string },
  email: string,
): Promise<BuyerAreaSubscription[]> {
  const rows = await deps.db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .selectAll('s')
    .select('p.name as plan_name')
    .where((eb) => eb(eb.fn('lower', ['s.customer_email']), '=', email.trim().toLowerCase()))
    .where('s.status', '!=', 'INCOMPLETE')
    .orderBy('s.created_at', 'desc')
    .limit(100)
    .execute()
  return Promise.all(
    rows.map(async (s) => {
      const [now, product] = await Promise.all([
        billingNow(deps.db, deps.clock, s.store_id),
        catalogService.findProduct(deps.db as never, s.store_id, s.product_id),
      ])
      return {
        id: s.id,
        storeId: s.store_id,
        productName: product?.name ?? s.plan_name,
        planName: s.plan_name,
        status: s.status,
        accessUntil: s.access_until?.toISOString() ?? null,
        hasAccess: hasAccess(s, now),
        manageToken: selfServiceToken(deps.secret, s.store_id, s.id),
      }
    }),
  )
}
