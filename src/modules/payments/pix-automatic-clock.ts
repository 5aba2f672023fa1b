/**
 * What time moves in PIX Automático: the built-in sandbox debits the charges due by `now` (as a gateway on the due
 * date), and authorisations whose QR went unpaid past its expiry are re-read (the gateway reports them EXPIRED).
 * Run every minute by the worker with the module's clock; the subscriptions' test clock calls it with its own time.
 */
import type { Clock } from '../../platform/clock'
import { systemClock } from '../../platform/clock'
import type { JobDefinition } from '../../platform/jobs'
import { saoPauloDay } from '../../shared/dates'
import type { GatewayDeps } from './gateway'
import * as pix from './pix-automatic.repository'
import { PIX_NOTICE_JOB, type PixNotice, receivePixNotice } from './pix-automatic-notices'
import { settleSandboxPixCharges } from './sandbox-pix-automatic'
import type { PaymentsDeps } from './service'

export const PIX_AUTOMATIC_CLOCK_JOB = 'payments.pix-automatic-clock'

/**
 * Moves PIX Automático's time to `now`: of one store when `storeId` is given (a store's test clock moves that store's
 * authorisations and charges only), else of every store (the worker's minute, on real time).
 */
export async function advancePixAutomatic(deps: PaymentsDeps, input: { now?: Date; storeId?: string } = {}) {
  const now = input.now ?? new Date()
  const g: GatewayDeps = { ...(deps as unknown as GatewayDeps), clock: { now: () => now } }
  // The sandbox keeps no store: a store's own debits are those of its charges still scheduled with us.
  const only = input.storeId ? await pix.scheduledGatewayIds(g.db, input.storeId, saoPauloDay(now)) : undefined
  const settled = deps.config.NODE_ENV === 'production' ? [] : await settleSandboxPixCharges(g.db, now, only)
  for (const id of settled) await receivePixNotice(g, { chargeGatewayId: id })
  const expiring = await pix.expiringAuthorizations(g.db, now, input.storeId)
  for (const a of expiring) await receivePixNotice(g, { accountId: a.account_id, authorizationGatewayId: a.gateway_id })
  return { settled: settled.length, expired: expiring.length }
}

export function pixAutomaticJobs(clock: Clock = systemClock): JobDefinition[] {
  return [
    {
      name: PIX_AUTOMATIC_CLOCK_JOB,
      attempts: 1,
      everyMs: 60_000,
      handler: async (_data, ctx) => void (await advancePixAutomatic(ctx, { now: clock.now() })),
    },
    {
      name: PIX_NOTICE_JOB,
      handler: async (data, ctx) => {
        const now = clock.now()
        const g = { ...(ctx as unknown as GatewayDeps), clock: { now: () => now } }
        await receivePixNotice(g, data as PixNotice)
      },
    },
  ]
}
