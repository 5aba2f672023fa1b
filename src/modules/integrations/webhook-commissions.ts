/**
 * Merchant webhooks of the affiliates' money (issue 37): `commission.created` when a paid order's share is credited,
 * `commission.released` when it becomes available, `commission.reversed` when a refund or chargeback takes it back.
 * Amounts in reais, as every webhook body; the share's account is not named (an affiliate is not the merchant's data
 * beyond its affiliation id).
 */
import type { JobContext } from '../../platform/jobs'
import { subscribe } from '../../platform/jobs'
import { commissionCreated, commissionReleased, commissionReversed } from '../affiliates/events'
import { fanOutData } from './webhook-delivery'
import * as repo from './webhooks.repository'

const reais = (cents: number) => cents / 100

async function storesWithEndpoints(events: { storeId: string }[], db: JobContext['db']): Promise<boolean[]> {
  const stores = await repo.storesWithEndpoints(
    db,
    events.map((e) => e.storeId),
  )
  return events.map((e) => stores.has(e.storeId))
}
const opts = { relevant: storesWithEndpoints }

const share = (p: {
  commissionId: string
  orderId: string
  role: string
  affiliationId: string | null
  amountCents: number
}) => ({
  commissionId: p.commissionId,
  orderId: p.orderId,
  role: p.role,
  affiliationId: p.affiliationId,
  amount: reais(p.amountCents),
})

export const commissionWebhookSubscriptions = [
  subscribe(
    commissionCreated,
    'integrations.webhooks-commission-created',
    (p, ctx) =>
      fanOutData(ctx, p.storeId, 'commission.created', async () => ({
        ...share(p),
        status: 'PENDING',
        fee: reais(p.feeCents),
        releaseAt: p.releaseAt,
        createdAt: p.createdAt,
      })),
    opts,
  ),
  subscribe(
    commissionReleased,
    'integrations.webhooks-commission-released',
    (p, ctx) =>
      fanOutData(ctx, p.storeId, 'commission.released', async () => ({
        ...share(p),
        status: 'AVAILABLE',
        available: reais(p.availableCents),
        releasedAt: p.releasedAt,
      })),
    opts,
  ),
  subscribe(
    commissionReversed,
    'integrations.webhooks-commission-reversed',
    (p, ctx) =>
      fanOutData(ctx, p.storeId, 'commission.reversed', async () => ({
        ...share(p),
        status: p.status,
        reversed: reais(p.reversedCents),
        totalReversed: reais(p.totalReversedCents),
        chargeback: p.chargeback,
        reversedAt: p.reversedAt,
      })),
    opts,
  ),
]
