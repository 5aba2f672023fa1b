/**
 * Subscriptions (issue 36): plans of digital products, subscriptions started at checkout, renewals billed by the
 * worker on the saved card (each paid cycle an order), dunning, access that follows the payments, the merchant's
 * list and metrics, the buyer's self-service by signed link, and a sandbox store's test clock.
 */
import { type Clock, systemClock } from '../../platform/clock'
import { orderingService } from '../ordering'
import type { PaymentsModuleDeps } from '../payments'
import type { AppModule } from '../types'
import { orderAccess } from './access'
import { buyerSubscriptions } from './buyer-area'
import { renewalInvoiceOf, type SubscriptionEmailKind, subscriptionEmail, subscriptionMessage } from './emails'
import { subscriptionsJobs, subscriptionsSubscriptions } from './jobs'
import { checkoutPlan } from './plans'
import { subscriptionsRoutes } from './routes'
import type { Db } from './tables'

export type { BuyerAreaSubscription } from './buyer-area'
export { buyerAreaSubscriptionSchema } from './dto'
export type { RenewalInvoice, SubscriptionEmail, SubscriptionEmailKind } from './emails'
export { subscriptionChanged, subscriptionRenewalNoticed } from './events'
export { webhookData as subscriptionWebhookData } from './reads'
export { selfServiceToken } from './self-service'

export interface SubscriptionsModuleDeps extends PaymentsModuleDeps {
  clock?: Clock
}

export function subscriptionsModule(deps: SubscriptionsModuleDeps = {}): AppModule {
  const clock = deps.clock ?? systemClock
  // Ordering prices a checkout order that names a plan through this lookup (ordering/plan-lookup.ts).
  orderingService.setPlanLookup((db, q) => checkoutPlan(db as unknown as Db, q))
  return {
    name: 'subscriptions',
    routes: subscriptionsRoutes(clock, deps),
    jobs: subscriptionsJobs(clock, deps),
    subscriptions: subscriptionsSubscriptions(clock),
  }
}

/** What other modules may ask (the buyer area: whether a subscription's order gives access now, the list). */
export const subscriptionsService = {
  /** The order that started a subscription of this store (affiliates: a renewal keeps its attribution). */
  firstOrderOf: async (db: unknown, storeId: string, subscriptionId: string): Promise<string | undefined> =>
    (
      await (db as Db)
        .selectFrom('subscriptions')
        .select('first_order_id')
        .where('id', '=', subscriptionId)
        .where('store_id', '=', storeId)
        .executeTakeFirst()
    )?.first_order_id,
  orderAccess: (db: unknown, clock: Clock, orderIds: string[]) => orderAccess(db as Db, clock, orderIds),
  /** The buyer area's list: the buyer's subscriptions with their self-service tokens. */
  buyerSubscriptions: (db: unknown, clock: Clock, secret: string, email: string) =>
    buyerSubscriptions({ db: db as Db, clock, secret }, email),
  /** A buyer e-mail about a subscription (notifications sends it), or undefined when the subscription is gone. */
  buyerEmail: (
    db: unknown,
    links: { publicUrl: string; secret: string },
    p: { kind: SubscriptionEmailKind; storeId: string; subscriptionId: string; cycleNumber: number | null },
  ) => subscriptionEmail({ db: db as Db, ...links }, p),
  /** A PIX or boleto renewal's order: its plan, cycle and due date (its 'pedido recebido' e-mail says so). */
  renewalInvoiceOf: (db: unknown, orderId: string) => renewalInvoiceOf(db as Db, orderId),
  /** The same e-mail with sample facts, for the merchant's previews. */
  sampleEmail: (kind: SubscriptionEmailKind, publicUrl: string) =>
    subscriptionMessage(kind, {
      customerName: 'Maria Silva',
      productName: 'Clube de Leitura',
      planName: kind === 'renewal_upcoming' ? 'Anual' : 'Mensal',
      priceCents: kind === 'renewal_upcoming' ? 47900 : 4990,
      renewsAt: new Date(Date.now() + 7 * 86_400_000),
      accessUntil: null,
      url: `${publicUrl}/assinatura?token=exemplo`,
    }),
}
