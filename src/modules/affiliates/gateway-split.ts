/**
 * Split at charge time (issue 37): where the store's charge goes through a gateway that splits (Asaas) and a partner
 * gave an Asaas wallet, the charge carries that partner's part, computed by the same split the ledger books. The
 * ledger stays the record: the parts asked are kept here, and a share the gateway paid is marked on its commission
 * and moved to PAID at its release (it is never withdrawable twice).
 */
import { z } from 'zod'
import { AppError } from '../../platform/errors'
import { isUuid } from '../../shared/ids'
import { orderingService } from '../ordering'
import type { GatewaySplitLine } from '../payments'
import { planSplit } from './commissions'
import { userAccount } from './ledger'
import { attributeRenewal } from './renewals'
import type { Db, DbOrTrx } from './tables'

export const payoutSettingsSchema = z.object({
  asaasWalletId: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => isUuid(v), 'Informe o walletId da sua conta Asaas (formato UUID)')
    .nullable(),
})
export type PayoutSettings = z.output<typeof payoutSettingsSchema>

export async function payoutSettingsOf(db: DbOrTrx, userId: string): Promise<PayoutSettings> {
  const row = await db
    .selectFrom('affiliate_payout_settings')
    .select('asaas_wallet_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return { asaasWalletId: row?.asaas_wallet_id ?? null }
}

export async function savePayoutSettings(db: DbOrTrx, userId: string, s: PayoutSettings): Promise<PayoutSettings> {
  if (s.asaasWalletId !== null && !isUuid(s.asaasWalletId))
    throw new AppError(400, 'Dados inválidos', { asaasWalletId: 'walletId inválido' })
  const values = { asaas_wallet_id: s.asaasWalletId, updated_at: new Date() }
  await db
    .insertInto('affiliate_payout_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
  return payoutSettingsOf(db, userId)
}

async function walletsOf(db: DbOrTrx, userIds: string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map()
  const rows = await db
    .selectFrom('affiliate_payout_settings')
    .select(['user_id', 'asaas_wallet_id'])
    .where('user_id', 'in', userIds)
    .where('asaas_wallet_id', 'is not', null)
    .execute()
  return new Map(rows.map((r) => [r.user_id, r.asaas_wallet_id!]))
}

/**
 * The parts a charge of an order asks the gateway to pay: the affiliate's and each co-producer's, for those with a
 * wallet; only a charge of the order itself (its store, its total). A subscription's renewal is split when its
 * attribution — the first order's, copied when the renewal was placed, for a recurring program only — is already
 * known; otherwise its charge carries no split and the ledger alone pays the shares (never twice).
 */
export async function chargeSplitFor(
  db: Db,
  c: { storeId: string; orderRef: string; amountCents: number; accountId: string | null },
): Promise<GatewaySplitLine[] | undefined> {
  if (!isUuid(c.orderRef)) return undefined
  const order = await orderingService.orderSnapshot(db, c.orderRef)
  if (!order || order.storeId !== c.storeId || order.totalCents !== c.amountCents) return undefined
  // A renewal's attribution is a copy of its first order's (renewals.ts). The billing engine charges a renewal as
  // soon as it is placed, before the order-placed handler copies it, so the copy is made here (it is idempotent).
  if (order.subscriptionId && (order.cycleNumber ?? 1) > 1) {
    const renewal = await attributeRenewal(db, {
      orderId: c.orderRef,
      storeId: c.storeId,
      subscriptionId: order.subscriptionId,
    })
    if (!renewal?.recurring || !renewal.renews_order_id) return undefined
  }
  const plan = await planSplit(db, {
    orderId: c.orderRef,
    storeId: c.storeId,
    totalCents: order.totalCents,
    paidAt: new Date().toISOString(),
    items: order.items,
  })
  if (!plan) return undefined
  const parts = [
    ...(plan.attribution ? [{ userId: plan.attribution.user_id, cents: plan.split.affiliateCents }] : []),
    ...plan.coproducers.map((cp, i) => ({ userId: cp.user_id!, cents: plan.split.coproducerCents[i]! })),
  ].filter((p) => p.cents > 0)
  const wallets = await walletsOf(
    db,
    parts.map((p) => p.userId),
  )
  const lines = parts.flatMap((p) => {
    const walletId = wallets.get(p.userId)
    return walletId ? [{ account: userAccount(p.userId), walletId, amountCents: p.cents }] : []
  })
  if (!lines.length) return undefined
  await db
    .insertInto('affiliate_gateway_splits')
    .values(
      lines.map((l) => ({
        order_id: c.orderRef,
        account: l.account,
        wallet_id: l.walletId,
        amount_cents: l.amountCents,
        payment_account_id: c.accountId,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['order_id', 'account']).doUpdateSet((eb) => ({
        wallet_id: eb.ref('excluded.wallet_id'),
        amount_cents: eb.ref('excluded.amount_cents'),
        payment_account_id: eb.ref('excluded.payment_account_id'),
      })),
    )
    .execute()
  return lines.map(({ walletId, amountCents }) => ({ walletId, amountCents }))
}
