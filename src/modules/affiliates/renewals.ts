/**
 * Recurring commissions (issue 37): a subscription's renewal order is credited like the first order only when the
 * program was recurring when that first order was attributed (the flag is snapshotted with the commission). A
 * renewal's attribution is a copy of the first order's (same affiliation, commission and release days), never a
 * new click-based one: the buyer did not come back through a link, the subscription did.
 */
import { subscriptionsService } from '../subscriptions'
import * as repo from './repository'
import type { Db } from './tables'

export interface RenewalRef {
  orderId: string
  storeId: string
  subscriptionId: string
}

async function firstAttribution(db: Db, storeId: string, subscriptionId: string) {
  const firstOrderId = await subscriptionsService.firstOrderOf(db, storeId, subscriptionId)
  if (!firstOrderId) return { firstOrderId: undefined, attribution: undefined }
  const attribution = await repo.findAttribution(db, firstOrderId)
  return { firstOrderId, attribution: attribution?.store_id === storeId ? attribution : undefined }
}

/** The renewal's attribution, copied from the subscription's first order when its program was recurring. */
export async function attributeRenewal(db: Db, r: RenewalRef) {
  const known = await repo.findAttribution(db, r.orderId)
  if (known) return known
  const { firstOrderId, attribution: first } = await firstAttribution(db, r.storeId, r.subscriptionId)
  if (!firstOrderId || !first?.recurring || first.order_id === r.orderId) return undefined
  await repo.insertAttribution(db, {
    orderId: r.orderId,
    storeId: r.storeId,
    affiliationId: first.affiliation_id,
    clickId: first.click_id,
    commissionBps: first.commission_bps,
    releaseDays: first.release_days,
    recurring: true,
    renewsOrderId: firstOrderId,
  })
  return repo.findAttribution(db, r.orderId)
}

/**
 * Whether anyone but the producer shares in a renewal: the first order's snapshot when it was attributed, else
 * (co-producers only) the product's program as it is now. No program: the first order only.
 */
export async function renewalShares(db: Db, r: RenewalRef & { productId: string | undefined }): Promise<boolean> {
  const { firstOrderId, attribution } = await firstAttribution(db, r.storeId, r.subscriptionId)
  if (!firstOrderId) return false
  if (attribution) return attribution.recurring
  const program = r.productId ? await repo.findProgram(db, r.storeId, r.productId) : undefined
  return program?.recurring ?? false
}
