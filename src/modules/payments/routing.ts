/**
 * Which gateway account charges a sale, and which one answers for a charge already made. For a method, the store's
 * active accounts in the merchant's order (skipping one whose circuit is open while another is left); a store with
 * no account charges with the configuration screen's key, as before accounts existed.
 */

import * as accounts from './accounts.repository'
import type { PaymentMethod } from './contract'
import { type GatewayDeps, gatewayFor, providerGateway } from './gateway'
import { gatewayHealthOf } from './gateway-health'
import type { Gateway } from './gateway-port'
import type * as repo from './repository'
import { storeKey } from './store-key'
import type { AccountMethod } from './tables'

export const ACCOUNT_METHOD: Record<PaymentMethod, AccountMethod> = {
  PIX: 'pix',
  CREDIT_CARD: 'credit_card',
  BOLETO: 'bank_slip',
}

export interface ChargeTarget {
  /** null: the configuration screen's key (payment_configs). */
  account: accounts.AccountRow | null
  gateway: Gateway
  key: string
}

export async function chargeTargets(
  deps: GatewayDeps,
  storeId: string,
  method: PaymentMethod,
  config: repo.ConfigRow | undefined,
): Promise<ChargeTarget[]> {
  const listed = config?.routed ? await accounts.routeAccounts(deps.db, storeId, ACCOUNT_METHOD[method]) : []
  if (listed.length === 0) {
    const key = config?.api_key_encrypted ? storeKey(deps.config, config.api_key_encrypted) : undefined
    return key ? [{ account: null, gateway: gatewayFor(deps), key }] : []
  }
  const health = gatewayHealthOf(deps.config)
  const closed = listed.filter((a) => !health.isOpen(a.id))
  // Every circuit open: trying them beats refusing the sale outright.
  return (closed.length ? closed : listed).map((a) => targetOf(deps, a))
}

export function targetOf(deps: GatewayDeps, account: accounts.AccountRow): ChargeTarget {
  return {
    account,
    gateway: providerGateway(deps, account.provider),
    key: storeKey(deps.config, account.api_key_encrypted),
  }
}

/** The gateway and key of the account that made a charge (reads, refunds, look-ups always go there). */
export async function targetOfCharge(
  deps: GatewayDeps,
  row: Pick<repo.TransactionRow, 'store_id' | 'account_id'>,
  legacyKey: () => Promise<string | undefined>,
): Promise<ChargeTarget | undefined> {
  if (row.account_id) {
    const account = await accounts.findAccountById(deps.db, row.account_id)
    return account ? targetOf(deps, account) : undefined
  }
  const key = await legacyKey()
  return key ? { account: null, gateway: gatewayFor(deps), key } : undefined
}
