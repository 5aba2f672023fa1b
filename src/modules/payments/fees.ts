/**
 * What the gateway keeps of a paid order (issue 37 item 4): the fee configured on the account that made the charge,
 * for the charge's method (e.g. card 3,99 % + R$ 0,39). Affiliates split what is left. A charge made with the
 * configuration screen's key (no account) or on a method without a configured fee keeps nothing.
 */
import { type AccountMethodName, feeOf } from '../../shared/payment-accounts'
import type { PaymentMethod } from '../../shared/payments'
import { paidChargeFees } from './fees.repository'
import type { DbOrTrx } from './tables'

const METHOD: Record<PaymentMethod, AccountMethodName> = {
  PIX: 'pix',
  CREDIT_CARD: 'credit_card',
  BOLETO: 'bank_slip',
}

export interface GatewayFee {
  feeCents: number
  accountId: string | null
}

/** The gateway fee of the order's paid charge, of its store; undefined when the order has no paid charge there. */
export async function gatewayFeeOf(db: DbOrTrx, storeId: string, orderId: string): Promise<GatewayFee | undefined> {
  const row = await paidChargeFees(db, orderId)
  if (!row || row.store_id !== storeId) return undefined
  return { feeCents: feeOf(row.fees?.[METHOD[row.method]], row.amount_cents), accountId: row.account_id }
}
