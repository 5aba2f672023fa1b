/**
 * Payouts sent by PIX from the platform's own Asaas account (issue 37 item 5). An approved payout is PROCESSING
 * with its transfer CREATING; the worker posts it (externalReference = the payout's id) and keeps Asaas's id. A
 * payout is never transferred twice: the right to POST is claimed in the row (transfer_attempted_at) before the
 * call and kept until an answer proves nothing was created (a 5xx, no connection); a call whose outcome is unknown
 * (timeout) is looked up by its reference before any other POST. DONE (webhook or periodic read) makes it PAID —
 * the PAYOUT ledger entry stays; FAILED or CANCELLED makes it FAILED and a reversing entry gives the amount back to
 * the affiliate's available balance, with Asaas's reason for the affiliate to read.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { BoundTransfers, GatewayTransfer, TransferInput } from '../payments'
import { transferFailure } from '../payments'
import type { AffiliatesDeps } from './commissions'
import * as repo from './payouts.repository'
import { giveBack } from './payouts-admin'

export const PAYOUT_TRANSFER_JOB = 'affiliates.payout-transfer'
export const PAYOUT_TRANSFER_SWEEP_JOB = 'affiliates.payout-transfer-sweep'

/** A POST younger than this may still be on its way (its answer not back yet): nobody else sends or looks it up. */
export const ATTEMPT_IN_FLIGHT_MS = 60_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The key's type as Asaas names it, and the key as it is sent (CPF/CNPJ as digits). Keys were validated on request. */
export function pixAddressOf(raw: string): Pick<TransferInput, 'pixKey' | 'pixKeyType'> {
  const key = raw.trim()
  if (UUID.test(key)) return { pixKey: key.toLowerCase(), pixKeyType: 'EVP' }
  if (key.includes('@')) return { pixKey: key, pixKeyType: 'EMAIL' }
  if (key.startsWith('+')) return { pixKey: `+${key.replace(/\D/g, '')}`, pixKeyType: 'PHONE' }
  const digits = key.replace(/\D/g, '')
  return { pixKey: digits, pixKeyType: digits.length === 11 ? 'CPF' : 'CNPJ' }
}

export interface TransferDeps extends AffiliatesDeps {
  /** The platform's Asaas transfers; undefined when its key is not configured. */
  transfers: BoundTransfers | undefined
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>
  /** When a transfer attempt happens: the real time (Asaas's list filters by the day it was created). */
  now?: () => Date
}

export type TransferStep = 'not_processing' | 'no_key' | 'in_flight' | 'raced' | 'pending' | 'paid' | 'failed'

/** Applies what Asaas says of the payout's transfer, under the payout's row lock: only a PROCESSING payout moves. */
async function apply(deps: TransferDeps, payoutId: string, t: GatewayTransfer): Promise<TransferStep> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockPayout(trx, payoutId)
    if (row?.status !== 'PROCESSING') return 'not_processing'
    if (row.transfer_id && row.transfer_id !== t.id) return 'not_processing'
    const recorded = await repo.recordTransfer(trx, row.id, { id: t.id, status: t.gatewayStatus })
    const at = deps.clock.now()
    if (t.status === 'DONE') {
      await repo.finishTransfer(trx, row.id, { status: 'PAID', at })
      return 'paid'
    }
    if (t.status === 'FAILED') {
      await giveBack(trx, recorded, at, 'failed')
      const reason = t.failReason ?? (t.gatewayStatus === 'CANCELLED' ? 'Transferência cancelada no Asaas' : null)
      await repo.finishTransfer(trx, row.id, { status: 'FAILED', at, reason: reason ?? 'Transferência recusada' })
      return 'failed'
    }
    return 'pending'
  })
}

/** Asaas refused the transfer outright (an invalid key, no balance): nothing left, the amount goes back. */
async function refuse(deps: TransferDeps, payoutId: string, reason: string): Promise<TransferStep> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockPayout(trx, payoutId)
    if (row?.status !== 'PROCESSING' || row.transfer_id) return 'not_processing'
    await giveBack(trx, row, deps.clock.now(), 'failed')
    await repo.finishTransfer(trx, row.id, { status: 'FAILED', at: deps.clock.now(), reason })
    return 'failed'
  })
}

/**
 * One step of a PROCESSING payout's transfer: create it (once), or read where it stands. Safe to run any number of
 * times, concurrently too. Throws when it must be tried again later (Asaas unavailable, an answer lost).
 */
export async function advanceTransfer(deps: TransferDeps, payoutId: string): Promise<TransferStep> {
  const row = await repo.findPayout(deps.db, payoutId)
  if (row?.status !== 'PROCESSING') return 'not_processing'
  const port = deps.transfers
  if (!port) return 'no_key'
  if (row.transfer_id) return apply(deps, row.id, await port.read(row.transfer_id))
  const now = deps.now ?? (() => new Date())
  const seen = row.transfer_attempted_at
  if (seen) {
    if (now().getTime() - seen.getTime() < ATTEMPT_IN_FLIGHT_MS) return 'in_flight'
    // An earlier POST's answer never came back: it may have created the transfer. Find it before sending again.
    const found = await port.findByRef(row.id, seen)
    if (found) return apply(deps, row.id, found)
  }
  const at = now()
  if (!(await repo.claimTransferAttempt(deps.db, row.id, seen, at))) return 'raced'
  let t: GatewayTransfer
  try {
    t = await port.transfer({
      amountCents: Number(row.amount_cents),
      ...pixAddressOf(row.pix_key),
      externalRef: row.id,
      description: `Saque de comissões ${row.id.slice(0, 8)}`,
    })
  } catch (err) {
    const failure = transferFailure(err)
    deps.log?.warn({ payoutId: row.id, outcome: failure.outcome, error: failure.message }, 'payout transfer failed')
    if (failure.outcome === 'refused') return refuse(deps, row.id, failure.message)
    if (failure.outcome === 'not_sent') await repo.releaseTransferAttempt(deps.db, row.id, at)
    throw err
  }
  deps.log?.info({ payoutId: row.id, transferId: t.id, status: t.gatewayStatus }, 'payout transfer created')
  return apply(deps, row.id, t)
}

/** The periodic read: every payout still PROCESSING takes one step (a webhook lost, a job lost, an answer lost). */
export async function sweepTransfers(deps: TransferDeps, limit = 50): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const { id } of await repo.processingPayouts(deps.db, limit)) {
    const step = await advanceTransfer(deps, id).catch(() => 'retry' as const)
    counts[step] = (counts[step] ?? 0) + 1
  }
  return counts
}

/**
 * A transfer webhook (TRANSFER_DONE, TRANSFER_FAILED…) is only a hint: the transfer is read again from Asaas by its
 * id, and it moves the payout it was made for — the one holding that id, or (its answer lost) the PROCESSING payout
 * its externalReference names. Undefined when it is none of ours.
 */
export async function syncTransfer(deps: TransferDeps, transferId: string): Promise<TransferStep | undefined> {
  if (!deps.transfers) return 'no_key'
  let t: GatewayTransfer
  try {
    t = await deps.transfers.read(transferId)
  } catch (err) {
    // A transfer of no account of ours (a forged or foreign event): nothing to re-read, nothing to retry.
    if ((err as { kind?: string }).kind === 'not_found') return undefined
    throw err
  }
  const known = await repo.findPayoutByTransfer(deps.db, t.id)
  if (known) return apply(deps, known.id, t)
  const ref = t.externalRef
  if (!ref || !UUID.test(ref)) return undefined
  const byRef = await repo.findPayout(deps.db, ref)
  if (byRef?.status !== 'PROCESSING' || byRef.transfer_id) return undefined
  return apply(deps, byRef.id, t)
}
