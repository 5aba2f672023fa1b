/**
 * What is withheld from a paid order before its split (issue 37 item 4): the gateway's fee, as configured on the
 * payment account that charged it for that method, and the platform's fee (the admin's setting, 0 by default).
 */

import { feeOf } from '../../shared/payment-accounts'
import { paymentsService } from '../payments'
import { platformFee } from './fees.repository'
import type { DbOrTrx } from './tables'

export { platformFee, savePlatformFee } from './fees.repository'

/** The gateway's and the platform's fee of a paid order together, never more than its total. */
export async function orderFees(db: DbOrTrx, p: { storeId: string; orderId: string; totalCents: number }) {
  const charged = await paymentsService.gatewayFeeOf(db, p.storeId, p.orderId)
  const gateway = charged?.feeCents ?? 0
  const platform = feeOf(await platformFee(db), p.totalCents)
  return {
    gatewayCents: gateway,
    platformCents: platform,
    feeCents: Math.min(p.totalCents, gateway + platform),
    /** The payment account that made the paid charge (null: the configuration key or no paid charge). */
    accountId: charged?.accountId ?? null,
  }
}
