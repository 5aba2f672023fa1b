/**
 * What the gateway says of a PIX Automático authorisation or recurring charge, written once and announced on the bus:
 * a webhook or the sandbox's simulation is only a notice, the object is re-read from the account that made it.
 */
import { AppError } from '../../platform/errors'
import { publish } from '../../platform/events'
import * as accounts from './accounts.repository'
import { pixAutomaticAuthorizationChanged, pixAutomaticChargeChanged } from './events'
import { type GatewayDeps, gatewayFor } from './gateway'
import type { GatewayPixAuthorization, GatewayPixRecurringCharge } from './gateway-port'
import * as pix from './pix-automatic.repository'
import * as repo from './repository'
import { type ChargeTarget, targetOf } from './routing'
import { announce } from './service'
import { storeKey } from './store-key'
import type { Trx } from './tables'

/** The job that re-reads what a gateway's PIX Automático webhook named, then applies it. */
export const PIX_NOTICE_JOB = 'payments.pix-automatic-notice'

export interface PixNotice {
  accountId?: string | null
  authorizationGatewayId?: string
  chargeGatewayId?: string
}

export const PIX_UNSUPPORTED = 'Nenhum gateway desta loja oferece Pix Automático'

/** The account (or configuration key) that made an authorisation: everything about it goes there. */
export async function targetOfAuth(deps: GatewayDeps, row: pix.AuthRow): Promise<ChargeTarget> {
  if (row.account_id) {
    const account = await accounts.findAccountById(deps.db, row.account_id)
    if (account) return targetOf(deps, account)
  } else {
    const config = await repo.findConfig(deps.db, row.store_id)
    if (config?.api_key_encrypted)
      return { account: null, gateway: gatewayFor(deps), key: storeKey(deps.config, config.api_key_encrypted) }
  }
  throw new AppError(409, PIX_UNSUPPORTED)
}

export function portOf(t: ChargeTarget) {
  if (!t.gateway.pixAutomatic) throw new AppError(409, PIX_UNSUPPORTED)
  return t.gateway.pixAutomatic
}

/** Writes what the gateway said of an authorisation and announces a change, once (guarded on the old status). */
export async function applyAuthorization(deps: GatewayDeps, row: pix.AuthRow, gw: GatewayPixAuthorization) {
  if (gw.status === row.status && gw.cancelledBy === row.cancelled_by) return row
  return deps.db.transaction().execute(async (trx) => {
    const next = await pix.updateAuthorization(trx, row.id, row.status, {
      status: gw.status,
      cancelled_by: gw.cancelledBy,
      // A gateway that reports the activation without its date (Asaas): the QR was paid by when we learnt it.
      first_paid_at: gw.firstPaidAt
        ? new Date(gw.firstPaidAt)
        : (row.first_paid_at ?? (gw.status === 'ACTIVE' ? (deps.clock?.now() ?? new Date()) : null)),
      updated_at: new Date(),
    })
    if (!next) return (await pix.findAuthorization(trx, row.store_id, row.id))!
    await publish(trx as never, pixAutomaticAuthorizationChanged, {
      storeId: row.store_id,
      authorizationId: row.id,
      contractRef: row.contract_ref,
      status: gw.status,
      previousStatus: row.status,
      cancelledBy: gw.cancelledBy,
      firstAmountCents: row.first_amount_cents,
    })
    // The QR paid the first charge: for the order it pays, as any charge of that order.
    const paysOrder = gw.status === 'ACTIVE' && row.status === 'PENDING' && (await pix.orderRefOf(trx, row.id))
    if (paysOrder)
      await recordPaid(trx as never, row, {
        orderRef: paysOrder,
        gatewayId: row.gateway_id,
        amountCents: row.first_amount_cents,
        paidAt: next.first_paid_at ?? new Date(),
      })
    return next
  })
}

export async function applyCharge(deps: GatewayDeps, row: pix.ChargeRow, gw: GatewayPixRecurringCharge) {
  if (gw.status === row.status) return row
  return deps.db.transaction().execute(async (trx) => {
    const next = await pix.updateCharge(trx, row.id, row.status, {
      status: gw.status,
      paid_at: gw.paidAt ? new Date(gw.paidAt) : null,
      updated_at: new Date(),
    })
    if (!next) return (await pix.findCharge(trx, row.store_id, row.id))!
    await publish(trx as never, pixAutomaticChargeChanged, {
      storeId: row.store_id,
      authorizationId: row.authorization_id,
      chargeId: row.id,
      externalRef: row.external_ref,
      status: gw.status,
      previousStatus: row.status,
      amountCents: row.amount_cents,
      dueDate: row.due_date,
      retry: row.retry,
    })
    const paysOrder = gw.status === 'PAID' && row.gateway_id && (await pix.orderRefOf(trx, row.id))
    if (paysOrder && row.gateway_id) {
      const auth = (await pix.findAuthorization(trx, row.store_id, row.authorization_id))!
      await recordPaid(trx as never, auth, {
        orderRef: paysOrder,
        gatewayId: row.gateway_id,
        amountCents: row.amount_cents,
        paidAt: next.paid_at ?? new Date(),
      })
    }
    return next
  })
}

/**
 * A PIX Automático payment of an order (the QR's first charge, a recurring debit), recorded as a PAID charge of that
 * order and announced (payment.status_changed) in the transaction that learnt it: ordering then marks the order PAID
 * through its usual rule (same store, amount owed), once — the callers' guarded updates run this once per payment.
 */
async function recordPaid(
  trx: Trx,
  auth: pix.AuthRow,
  p: { orderRef: string; gatewayId: string; amountCents: number; paidAt: Date },
) {
  const row = await repo.insertTransaction(trx, {
    store_id: auth.store_id,
    order_ref: p.orderRef,
    gateway_id: p.gatewayId,
    account_id: auth.account_id,
    method: 'PIX',
    amount_cents: p.amountCents,
    installments: null,
    card_last4: null,
    card_brand: null,
    status: 'PAID',
    paid_at: p.paidAt,
    request: JSON.stringify({
      customer: { name: '', email: auth.customer_email, phone: '', document: '' },
      items: [],
      metadata: { pixAutomaticAuthorizationId: auth.id },
    }),
    updated_at: new Date(),
  })
  await announce(trx, row, 'PENDING')
}

/**
 * A gateway's notice about an authorisation or a recurring charge (a webhook, the sandbox's simulation): only a
 * hint — the object is re-read from the account that made it before anything changes. `accountId` null: the
 * configuration key's gateway; absent: any (the built-in sandbox, whose ids are unique across its merchants).
 */
export async function receivePixNotice(deps: GatewayDeps, notice: PixNotice) {
  if (notice.authorizationGatewayId) {
    for (const row of await pix.findAuthorizationsByGatewayId(
      deps.db,
      notice.authorizationGatewayId,
      notice.accountId,
    )) {
      const target = await targetOfAuth(deps, row)
      await applyAuthorization(deps, row, await portOf(target).readAuthorization(target.key, row.gateway_id))
    }
  }
  if (notice.chargeGatewayId) {
    for (const row of await pix.findChargesByGatewayId(deps.db, notice.chargeGatewayId, notice.accountId)) {
      const auth = (await pix.findAuthorization(deps.db, row.store_id, row.authorization_id))!
      const target = await targetOfAuth(deps, auth)
      await applyCharge(deps, row, await portOf(target).readCharge(target.key, row.gateway_id!))
    }
  }
}
