/**
 * From an order to money: the order is attributed (placed), split and credited PENDING (paid), taken back (refunded
 * or charged back, before or after the release) and released when its date passes on the clock. Each step is one
 * transaction and safe to run twice: the commission rows are unique per order and share, the ledger per key.
 */
import type { Clock } from '../../platform/clock'
import { DAY_MS } from '../../platform/clock'
import { publish } from '../../platform/events'
import {
  type Balance,
  type Commission,
  type CommissionStatus,
  DEFAULT_RELEASE_DAYS,
  type ReleaseDays,
} from '../../shared/affiliates'
import { isUuid } from '../../shared/ids'
import type { OrderPaymentMethod } from '../../shared/ordering-rules'
import { identityService } from '../identity'
import { orderingService } from '../ordering'
import * as commissionsRepo from './commissions.repository'
import { activeCoproducers } from './coproducers.repository'
import { toCommission } from './dto'
import { commissionCreated, commissionReleased, commissionReversed } from './events'
import { orderFees } from './fees'
import {
  GATEWAY,
  PLATFORM,
  type ReversibleShare,
  releasePostings,
  reversalPostings,
  salePostings,
  storeAccount,
  userAccount,
} from './ledger'
import {
  accountBalances,
  commissionsNotMatchingLedger,
  orderBalances,
  ordersNotSummingToNet,
  postTransaction,
  unbalancedTransactions,
} from './ledger.repository'
import { attributeRenewal, renewalShares } from './renewals'
import * as repo from './repository'
import { splitNet } from './split'
import type { Db } from './tables'

type CommissionRow = Awaited<ReturnType<typeof commissionsRepo.insertCommissions>>[number]

/** What every commission event says of the share. */
function shareFacts(r: CommissionRow) {
  return {
    storeId: r.store_id,
    commissionId: r.id,
    orderId: r.order_id,
    role: r.role,
    affiliationId: r.affiliation_id,
    amountCents: r.amount_cents,
  }
}

export interface AffiliatesDeps {
  db: Db
  clock: Clock
}

const RELEASE_KEY: Record<OrderPaymentMethod, keyof ReleaseDays> = {
  PIX: 'pix',
  CREDIT_CARD: 'credit_card',
  BANK_SLIP: 'bank_slip',
}

/**
 * Who the order is credited to, decided once from what the server recorded: the visitor id the order carries
 * (tracking.aff, from the link's first-party cookie) and that visitor's clicks, under the program's rule and window
 * as of the order's placing. The browser names no affiliate and no amount; a forged visitor id matches no click.
 * A buyer with the affiliate's own e-mail credits nobody.
 */
export async function attributeOrder(db: Db, orderId: string, subscriptionId?: string) {
  const known = await repo.findAttribution(db, orderId)
  if (known) return known
  const order = await orderingService.orderSnapshot(db, orderId)
  if (subscriptionId)
    return order ? attributeRenewal(db, { orderId, storeId: order.storeId, subscriptionId }) : undefined
  const visitorId = order?.tracking.aff
  const productId = order?.items[0]?.productId
  if (!order || !isUuid(visitorId) || !productId) return undefined
  const program = await repo.findProgram(db, order.storeId, productId)
  if (!program?.enabled) return undefined
  const placedAt = order.createdAt
  const click = await repo.winningClick(db, {
    visitorId,
    productId,
    before: placedAt,
    since: program.cookie_days === null ? null : new Date(placedAt.getTime() - program.cookie_days * DAY_MS),
    first: program.attribution === 'FIRST_CLICK',
  })
  if (!click || click.store_id !== order.storeId) return undefined
  const affiliate = await identityService.findUser(db, click.user_id)
  if (!affiliate || affiliate.email.toLowerCase() === order.customer.email.trim().toLowerCase()) return undefined
  await repo.insertAttribution(db, {
    orderId,
    storeId: order.storeId,
    affiliationId: click.affiliation_id,
    clickId: click.click_id,
    commissionBps: program.commission_bps,
    releaseDays: program.release_days,
    recurring: program.recurring,
  })
  return repo.findAttribution(db, orderId)
}

export interface PaidOrder {
  orderId: string
  storeId: string
  totalCents: number
  paymentMethod: OrderPaymentMethod
  paidAt: string
  items: { productId: string }[]
  /** A subscription's renewal (the first order of a subscription carries none). */
  subscriptionId?: string | undefined
}

/**
 * A paid order with an affiliate or co-producers: its net is split (affiliate's % of the net, co-producers' % of
 * what is left, the producer the rest) and each share credited PENDING until its release date.
 */
type SplitInput = Pick<PaidOrder, 'orderId' | 'storeId' | 'totalCents' | 'paidAt' | 'items' | 'subscriptionId'>

/**
 * The split a paid order gets: who is credited (the attribution decided at placing, the co-producers accepted at the
 * payment) and the parts of its net, the fees withheld first. Undefined when nobody but the producer shares in it.
 */
export async function planSplit(db: Db, p: SplitInput) {
  const productId = p.items[0]?.productId
  // A renewal of a program that is not recurring is the producer's alone (no share, co-producers' included).
  if (p.subscriptionId && !(await renewalShares(db, { ...p, subscriptionId: p.subscriptionId, productId })))
    return undefined
  const found = await attributeOrder(db, p.orderId, p.subscriptionId)
  const attribution = found?.store_id === p.storeId ? found : undefined
  const paidAt = new Date(p.paidAt)
  const coproducers = productId
    ? (await activeCoproducers(db, productId, paidAt)).filter((c) => c.store_id === p.storeId && c.user_id)
    : []
  if (!attribution && coproducers.length === 0) return undefined
  // The gateway's fee (of the account that charged, for the method) and the platform's come off before the split.
  const fees = await orderFees(db, p)
  const split = splitNet({
    totalCents: p.totalCents,
    feeCents: fees.feeCents,
    affiliateBps: attribution?.commission_bps ?? 0,
    coproducerBps: coproducers.map((c) => c.share_bps),
  })
  return { attribution, coproducers, fees, feeCents: fees.feeCents, split, paidAt }
}

/**
 * What UTMify's order calls the gateway's fee and the user's commission: the fee the account withheld, and what the
 * producer keeps of the order (the whole net when nobody shares in it). From the credited shares when they exist,
 * else the split the credit computes (it may run beside the caller).
 */
export async function merchantShareOf(db: Db, p: SplitInput) {
  const credited = (await commissionsRepo.orderCommissions(db, p.orderId)).find((c) => c.role === 'PRODUCER')
  const plan = credited ? undefined : await planSplit(db, p)
  const fees = plan?.fees ?? (await orderFees(db, p))
  return {
    gatewayFeeCents: fees.gatewayCents,
    userCommissionCents: credited?.amount_cents ?? plan?.split.producerCents ?? p.totalCents - fees.feeCents,
  }
}

export async function creditPaidOrder(deps: AffiliatesDeps, p: PaidOrder): Promise<void> {
  const plan = await planSplit(deps.db, p)
  if (!plan) return
  const { attribution, coproducers, feeCents, split, paidAt } = plan
  const releaseDays = attribution?.release_days ?? DEFAULT_RELEASE_DAYS
  const releaseAt = new Date(paidAt.getTime() + releaseDays[RELEASE_KEY[p.paymentMethod]] * DAY_MS)
  const base = { storeId: p.storeId, orderId: p.orderId, releaseAt }
  // Only a split asked of the account that charged was paid by the gateway (not one asked before a fallback).
  const shares: commissionsRepo.NewCommission[] = paidByGateway(
    await commissionsRepo.gatewaySplitsOf(deps.db, p.orderId, plan.fees.accountId),
    [
      ...(attribution
        ? [
            {
              ...base,
              account: userAccount(attribution.user_id),
              role: 'AFFILIATE' as const,
              affiliationId: attribution.affiliation_id,
              amountCents: split.affiliateCents,
            },
          ]
        : []),
      ...coproducers.map((c, i) => ({
        ...base,
        account: userAccount(c.user_id!),
        role: 'COPRODUCER' as const,
        affiliationId: null,
        amountCents: split.coproducerCents[i]!,
      })),
      {
        ...base,
        account: storeAccount(p.storeId),
        role: 'PRODUCER',
        affiliationId: null,
        amountCents: split.producerCents,
      },
    ],
  )
  await deps.db.transaction().execute(async (trx) => {
    const rows = await commissionsRepo.insertCommissions(trx, shares)
    if (rows.length === 0) return
    for (const r of rows)
      await publish(trx, commissionCreated, {
        ...shareFacts(r),
        feeCents,
        releaseAt: r.release_at.toISOString(),
        createdAt: paidAt.toISOString(),
      })
    await postTransaction(trx, {
      key: `sale:${p.orderId}`,
      storeId: p.storeId,
      orderId: p.orderId,
      kind: 'SALE',
      at: paidAt,
      entries: salePostings({
        totalCents: p.totalCents,
        feeCents,
        shares: rows.map((r) => ({ commissionId: r.id, account: r.account, amountCents: r.amount_cents })),
      }),
    })
  })
}

/** Shares the order's charge asked the gateway to pay (same account, same amount) are marked with the wallet. */
function paidByGateway(
  asked: Map<string, { walletId: string; cents: number }>,
  shares: commissionsRepo.NewCommission[],
): commissionsRepo.NewCommission[] {
  return shares.map((s) => {
    const line = s.role === 'PRODUCER' ? undefined : asked.get(s.account)
    return line && line.cents === s.amountCents ? { ...s, gatewayWalletId: line.walletId } : s
  })
}

export interface RefundedOrder {
  orderId: string
  storeId: string
  totalCents: number
  /** Everything refunded of the order so far, this refund included. */
  refundedTotalCents: number
  chargeback: boolean
}

/**
 * Money went back to the buyer: every share gives back its part of what was refunded since the last reversal. The
 * cumulative refunded total makes it exact and idempotent at once: a re-delivered or out-of-order event finds
 * nothing left to take. Before the release a share leaves PENDING; after, AVAILABLE (which may go below zero).
 */
export async function reverseRefundedOrder(deps: AffiliatesDeps, p: RefundedOrder): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const rows = await commissionsRepo.lockOrderCommissions(trx, p.orderId)
    if (rows.length === 0 || rows[0]!.store_id !== p.storeId) return
    const sums = await orderBalances(trx, p.orderId)
    const sumOf = (account: string) => sums.filter((s) => s.account === account).reduce((a, s) => a + s.cents, 0)
    const soldCents = -sumOf(GATEWAY) // what the gateway account still owes the sellers of this order
    const refundedSoFar = p.totalCents - soldCents
    const cents = Math.min(p.refundedTotalCents, p.totalCents) - refundedSoFar
    if (cents <= 0) return
    const shares: (ReversibleShare & { status: CommissionStatus })[] = rows.map((r) => ({
      commissionId: r.id,
      account: r.account,
      amountCents: r.amount_cents,
      remainingCents: r.amount_cents - r.reversed_cents,
      bucket: r.status === 'PENDING' ? 'PENDING' : r.gateway_wallet_id ? 'PAID' : 'AVAILABLE',
      status: r.status,
    }))
    const kind = p.chargeback ? 'CHARGEBACK' : 'REFUND'
    const reversal = reversalPostings({ kind, cents, feeRemainingCents: sumOf(PLATFORM), shares })
    const posted = await postTransaction(trx, {
      key: `${kind.toLowerCase()}:${p.orderId}:${p.refundedTotalCents}`,
      storeId: p.storeId,
      orderId: p.orderId,
      kind,
      at: deps.clock.now(),
      entries: reversal.entries,
    })
    if (!posted) return
    const whole = p.refundedTotalCents >= p.totalCents
    for (const [i, s] of shares.entries()) {
      const taken = reversal.taken[i] ?? 0
      const status = whole || s.remainingCents - taken === 0 ? 'REVERSED' : s.status
      if (!taken && status === s.status) continue
      await commissionsRepo.takeBack(trx, rows[i]!.id, taken, status)
      await publish(trx, commissionReversed, {
        ...shareFacts(rows[i]!),
        reversedCents: taken,
        totalReversedCents: rows[i]!.reversed_cents + taken,
        status,
        chargeback: p.chargeback,
        reversedAt: deps.clock.now().toISOString(),
      })
    }
  })
}

/** Shares whose release date passed on the clock become AVAILABLE (N workers release each once). */
export async function releaseDue(deps: AffiliatesDeps, limit = 200): Promise<number> {
  const now = deps.clock.now()
  return deps.db.transaction().execute(async (trx) => {
    const due = await commissionsRepo.claimDue(trx, now, limit)
    for (const c of due) {
      const left = c.amount_cents - c.reversed_cents
      if (left > 0)
        await postTransaction(trx, {
          key: `release:${c.id}`,
          storeId: c.store_id,
          orderId: c.order_id,
          kind: 'RELEASE',
          at: now,
          entries: releasePostings(
            { commissionId: c.id, account: c.account, amountCents: left },
            c.gateway_wallet_id !== null,
          ),
        })
      await commissionsRepo.markReleased(trx, c.id, now, c.gateway_wallet_id ? 'PAID' : 'AVAILABLE')
      if (left > 0)
        await publish(trx, commissionReleased, {
          ...shareFacts(c),
          availableCents: left,
          releasedAt: now.toISOString(),
        })
    }
    return due.length
  })
}

/** An affiliate's balance: sums of their ledger entries per store and bucket. */
export async function balanceOf(db: Db, userId: string): Promise<Balance> {
  const sums = await accountBalances(db, userAccount(userId))
  const stores = new Map<string, Balance['stores'][number]>()
  for (const s of sums) {
    const b = stores.get(s.storeId) ?? { storeId: s.storeId, pendingCents: 0, availableCents: 0, paidCents: 0 }
    if (s.bucket === 'PENDING') b.pendingCents += s.cents
    if (s.bucket === 'AVAILABLE') b.availableCents += s.cents
    if (s.bucket === 'PAID') b.paidCents += s.cents
    stores.set(s.storeId, b)
  }
  const all = [...stores.values()]
  const total = (k: 'pendingCents' | 'availableCents' | 'paidCents') => all.reduce((a, b) => a + b[k], 0)
  return {
    pendingCents: total('pendingCents'),
    availableCents: total('availableCents'),
    paidCents: total('paidCents'),
    stores: all,
  }
}

/** The caller's own commissions only: the account is derived from the session, never from the request. */
export async function myCommissions(db: Db, userId: string, page: repo.Page): Promise<Commission[]> {
  return (await commissionsRepo.accountCommissions(db, userAccount(userId), page)).map(toCommission)
}

export async function storeSales(db: Db, storeId: string, page: repo.Page) {
  return (await commissionsRepo.storeSales(db, storeId, page)).map((r) => ({
    orderId: r.order_id,
    createdAt: new Date(r.created_at).toISOString(),
    affiliateCents: Number(r.affiliate_cents),
    producerCents: Number(r.producer_cents),
    reversedCents: Number(r.reversed_cents),
    status: r.status ?? 'PENDING',
    affiliationId: r.affiliation_id,
  }))
}

/** The consistency check (daily job, or on demand): every list is empty when the books are right. */
export async function consistencyProblems(db: Db) {
  return {
    unbalancedTransactions: await unbalancedTransactions(db),
    ordersNotSummingToNet: await ordersNotSummingToNet(db),
    commissionsNotMatchingLedger: await commissionsNotMatchingLedger(db),
  }
}
