/**
 * The built-in sandbox plays PIX Automático's Journey 3 as a gateway would (its own tables, never ours):
 *   - an authorisation answers a composite QR: paying it ('Simular pagamento do QR') settles the first charge and
 *     activates the mandate;
 *   - a recurring charge is accepted 10 to 2 days before its due date and debited on that date — when the clock
 *     passes it (settleSandboxPixCharges, run by the worker every minute and by tests through the controlled clock);
 *   - 'Simular revogação' ends the mandate as the payer would in the bank app (its scheduled debits are cancelled);
 *   - 'Simular saldo insuficiente' makes every debit of the mandate fail until switched off.
 * Keys starting `sk_sandbox_` are accepted; each key is its own merchant. Off in production (gateway.ts).
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { saoPauloDay } from '../../shared/dates'
import { buildBrCode } from './brcode'
import { GATEWAY_MESSAGES, GatewayError } from './gateway-client'
import type {
  GatewayPixAuthorization,
  GatewayPixRecurringCharge,
  PixAuthorizationStatus,
  PixAutomaticPort,
  PixCancelledBy,
  PixRecurringStatus,
} from './gateway-port'
import { SANDBOX_KEY_PREFIX } from './sandbox'
import type { DbOrTrx, PaymentsTables } from './tables'

type AuthRow = Selectable<PaymentsTables['payment_sandbox_pix_authorizations']>
type ChargeRow = Selectable<PaymentsTables['payment_sandbox_pix_charges']>

export const SANDBOX_PIX_MESSAGES = {
  notFound: 'Autorização do Pix Automático não encontrada no sandbox',
  notPending: 'Esta autorização não espera pagamento',
  notActive: 'A autorização do Pix Automático não está ativa',
  window: 'A cobrança deve ser enviada de 10 a 2 dias antes do vencimento',
  fixedValue: 'O valor da cobrança deve ser o valor fixo da autorização',
  notScheduled: 'Só é possível cancelar uma cobrança agendada',
  retry: 'Nova tentativa só de uma cobrança recusada desta autorização, para uma data futura',
  refundAmount: 'Valor do estorno maior que o valor pago',
} as const

const AUTH_STATUS: Record<string, PixAuthorizationStatus> = {
  CREATED: 'PENDING',
  ACTIVE: 'ACTIVE',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
  REFUSED: 'REFUSED',
}
const CANCELLED_BY: Record<string, PixCancelledBy> = {
  REQUESTED_BY_PAYER_USER: 'PAYER',
  REQUESTED_BY_RECEIVER_USER: 'RECEIVER',
}
const CHARGE_STATUS: Record<string, PixRecurringStatus> = {
  SCHEDULED: 'SCHEDULED',
  RECEIVED: 'PAID',
  REFUSED: 'FAILED',
  CANCELLED: 'CANCELLED',
}

function addDays(day: string, days: number) {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Whether `dueDate` may be sent on `today`: from 10 days before it up to 2 days before it (BCB rule). */
export function inSchedulingWindow(today: string, dueDate: string) {
  return today >= addDays(dueDate, -10) && today <= addDays(dueDate, -2)
}

function authView(r: AuthRow, now: Date): GatewayPixAuthorization {
  // An unpaid QR past its expiry is an expired authorisation (as the gateway reports it), whether or not swept.
  const status = r.status === 'CREATED' && r.qr_expires_at.getTime() <= now.getTime() ? 'EXPIRED' : r.status
  return {
    id: r.id,
    status: AUTH_STATUS[status] ?? 'PENDING',
    gatewayStatus: status,
    customerRef: r.customer_ref,
    contractRef: r.contract_ref,
    qrcode: r.qrcode,
    qrExpiresAt: r.qr_expires_at.toISOString(),
    firstAmountCents: r.first_amount_cents,
    firstPaidAt: r.first_paid_at?.toISOString() ?? null,
    cancelledBy: r.cancellation_reason ? (CANCELLED_BY[r.cancellation_reason] ?? 'OTHER') : null,
  }
}

const chargeView = (r: ChargeRow): GatewayPixRecurringCharge => ({
  id: r.id,
  status: CHARGE_STATUS[r.status] ?? 'SCHEDULED',
  gatewayStatus: r.status,
  authorizationId: r.authorization_id,
  amountCents: r.amount_cents,
  dueDate: r.due_date,
  externalRef: r.external_ref,
  paidAt: r.paid_at?.toISOString() ?? null,
})

/** The merchant a key names, as the sandbox keeps it: a hash, never the key itself. */
function checkKey(key: string) {
  if (!key.startsWith(SANDBOX_KEY_PREFIX)) throw new GatewayError('unauthorized', GATEWAY_MESSAGES.unauthorized, 401)
  return createHash('sha256').update(key).digest('hex')
}
const invalid = (message: string) => new GatewayError('invalid', message, 400)
const missing = () => new GatewayError('not_found', SANDBOX_PIX_MESSAGES.notFound, 404)

async function authRow(db: DbOrTrx, account: string, id: string) {
  const row = await db
    .selectFrom('payment_sandbox_pix_authorizations')
    .selectAll()
    .where('id', '=', id)
    .where('api_key', '=', account)
    .executeTakeFirst()
  if (!row) throw missing()
  return row
}

/** The sandbox's PIX Automático behind the port; `now` is the clock the sandbox reads (a test's controlled one). */
export function sandboxPixAutomatic(db: DbOrTrx, now: () => Date): PixAutomaticPort {
  async function chargeRow(account: string, id: string) {
    const row = await db
      .selectFrom('payment_sandbox_pix_charges')
      .selectAll()
      .where('id', '=', id)
      .where('api_key', '=', account)
      .executeTakeFirst()
    if (!row) throw new GatewayError('not_found', GATEWAY_MESSAGES.notFound, 404)
    return row
  }
  return {
    async createAuthorization(key, input) {
      const account = checkKey(key)
      if (input.contractRef.length > 35) throw invalid('contractId: no máximo 35 caracteres')
      const id = `sbx_pixaut_${randomUUID().replaceAll('-', '')}`
      const row = await db
        .insertInto('payment_sandbox_pix_authorizations')
        .values({
          id,
          api_key: account,
          contract_ref: input.contractRef,
          customer_ref: input.customerRef ?? `sbx_cus_${input.customer.document.replace(/\D/g, '')}`,
          amount_cents: input.amountCents ?? null,
          first_amount_cents: input.firstAmountCents,
          qrcode: buildBrCode({
            pixKey: `${account.slice(0, 12)}@pix-automatico.sandbox`,
            merchantName: 'AtivoPay Sandbox',
            merchantCity: 'Sao Paulo',
            amountCents: input.firstAmountCents,
            txid: id,
            description: `PIX AUTOMATICO ${input.frequency}`,
            singleUse: true,
          }),
          qr_expires_at: new Date(now().getTime() + input.expiresInSeconds * 1000),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return authView(row, now())
    },
    async readAuthorization(key, id) {
      const account = checkKey(key)
      return authView(await authRow(db, account, id), now())
    },
    async cancelAuthorization(key, id) {
      const account = checkKey(key)
      await endAuthorization(db, account, id, 'REQUESTED_BY_RECEIVER_USER')
      return authView(await authRow(db, account, id), now())
    },
    async scheduleCharge(key, input) {
      const account = checkKey(key)
      const auth = await authRow(db, account, input.authorizationId)
      if (authView(auth, now()).status !== 'ACTIVE') throw invalid(SANDBOX_PIX_MESSAGES.notActive)
      const today = saoPauloDay(now())
      if (input.retryOf) {
        const failed = await chargeRow(account, input.retryOf)
        if (failed.authorization_id !== auth.id || failed.status !== 'REFUSED' || input.dueDate <= today)
          throw invalid(SANDBOX_PIX_MESSAGES.retry)
      } else if (!inSchedulingWindow(today, input.dueDate)) throw invalid(SANDBOX_PIX_MESSAGES.window)
      if (auth.amount_cents !== null && auth.amount_cents !== input.amountCents)
        throw invalid(SANDBOX_PIX_MESSAGES.fixedValue)
      const row = await db
        .insertInto('payment_sandbox_pix_charges')
        .values({
          id: `sbx_pixchg_${randomUUID().replaceAll('-', '')}`,
          api_key: account,
          authorization_id: auth.id,
          amount_cents: input.amountCents,
          due_date: input.dueDate,
          external_ref: input.externalRef,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return chargeView(row)
    },
    async readCharge(key, id) {
      const account = checkKey(key)
      return chargeView(await chargeRow(account, id))
    },
    async cancelCharge(key, id) {
      const account = checkKey(key)
      const row = await chargeRow(account, id)
      if (row.status !== 'SCHEDULED') throw invalid(SANDBOX_PIX_MESSAGES.notScheduled)
      await db.updateTable('payment_sandbox_pix_charges').set({ status: 'CANCELLED' }).where('id', '=', id).execute()
      return chargeView({ ...row, status: 'CANCELLED' })
    },
    async refundPayment(key, paymentId, input) {
      return refundSandboxPixPayment(db, checkKey(key), paymentId, input)
    },
    async paymentRefunds(key, paymentId) {
      const rows = await db
        .selectFrom('payment_sandbox_pix_refunds')
        .selectAll()
        .where('api_key', '=', checkKey(key))
        .where('payment_id', '=', paymentId)
        .orderBy('created_at')
        .execute()
      return rows.map((r) => ({
        id: r.id,
        amountCents: r.amount_cents,
        externalRef: r.external_ref,
        createdAt: r.created_at.toISOString(),
      }))
    },
  }
}

/**
 * A refund of a PIX Automático payment: the QR's first payment (by its authorisation) or a debited charge, up to what
 * was paid less earlier refunds; the same `externalRef` again answers the refund already made.
 */
async function refundSandboxPixPayment(
  db: DbOrTrx,
  account: string,
  paymentId: string,
  input: { amountCents: number; reason?: string; externalRef?: string },
) {
  const view = (r: { id: string; amount_cents: number; external_ref: string | null; created_at: Date }) => ({
    id: r.id,
    amountCents: r.amount_cents,
    externalRef: r.external_ref,
    createdAt: r.created_at.toISOString(),
  })
  if (input.externalRef) {
    const again = await db
      .selectFrom('payment_sandbox_pix_refunds')
      .selectAll()
      .where('api_key', '=', account)
      .where('external_ref', '=', input.externalRef)
      .executeTakeFirst()
    if (again) return view(again)
  }
  const auth = await db
    .selectFrom('payment_sandbox_pix_authorizations')
    .select(['first_amount_cents as paid', 'first_paid_at as paid_at'])
    .where('id', '=', paymentId)
    .where('api_key', '=', account)
    .executeTakeFirst()
  const charge = auth
    ? undefined
    : await db
        .selectFrom('payment_sandbox_pix_charges')
        .select(['amount_cents as paid', 'paid_at'])
        .where('id', '=', paymentId)
        .where('api_key', '=', account)
        .where('status', '=', 'PAID')
        .executeTakeFirst()
  const paid = auth ?? charge
  if (!paid?.paid_at) throw new GatewayError('not_found', GATEWAY_MESSAGES.notFound, 404)
  const { refunded } = await db
    .selectFrom('payment_sandbox_pix_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('refunded'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow()
  if (
    !Number.isInteger(input.amountCents) ||
    input.amountCents <= 0 ||
    input.amountCents > paid.paid - Number(refunded)
  )
    throw invalid(SANDBOX_PIX_MESSAGES.refundAmount)
  const row = await db
    .insertInto('payment_sandbox_pix_refunds')
    .values({
      id: `sbx_pixrfd_${randomUUID().replaceAll('-', '')}`,
      api_key: account,
      payment_id: paymentId,
      amount_cents: input.amountCents,
      external_ref: input.externalRef ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return view(row)
}

/** Ends a mandate and cancels its scheduled debits (a revoked mandate is never debited again). */
async function endAuthorization(db: DbOrTrx, account: string, id: string, reason: string) {
  const auth = await authRow(db, account, id)
  if (auth.status === 'CANCELLED') return auth
  await db
    .updateTable('payment_sandbox_pix_authorizations')
    .set({ status: 'CANCELLED', cancellation_reason: reason })
    .where('id', '=', id)
    .execute()
  await db
    .updateTable('payment_sandbox_pix_charges')
    .set({ status: 'CANCELLED' })
    .where('authorization_id', '=', id)
    .where('status', '=', 'SCHEDULED')
    .execute()
  return auth
}

/** The sandbox's own view of a mandate by id alone (its simulation routes name it by id, as in its dashboard). */
export async function findSandboxPixAuthorization(db: DbOrTrx, id: string) {
  return db.selectFrom('payment_sandbox_pix_authorizations').selectAll().where('id', '=', id).executeTakeFirst()
}

export const SANDBOX_PIX_ACTIONS = ['pay', 'revoke', 'insufficient-funds', 'funds-ok'] as const
export type SandboxPixAction = (typeof SANDBOX_PIX_ACTIONS)[number]

/** A simulation: the payer pays the QR, revokes the mandate in the bank app, or runs out of funds (or not). */
export async function simulateSandboxPix(
  db: DbOrTrx,
  id: string,
  action: SandboxPixAction,
  at: Date,
): Promise<{ ok: true; row: AuthRow } | { ok: false; status: number; message: string }> {
  const row = await findSandboxPixAuthorization(db, id)
  if (!row) return { ok: false, status: 404, message: SANDBOX_PIX_MESSAGES.notFound }
  if (action === 'pay') {
    if (authView(row, at).status !== 'PENDING')
      return { ok: false, status: 409, message: SANDBOX_PIX_MESSAGES.notPending }
    await db
      .updateTable('payment_sandbox_pix_authorizations')
      .set({ status: 'ACTIVE', first_paid_at: at })
      .where('id', '=', id)
      .execute()
  } else if (action === 'revoke') {
    if (row.status !== 'ACTIVE') return { ok: false, status: 409, message: SANDBOX_PIX_MESSAGES.notActive }
    await endAuthorization(db, row.api_key, id, 'REQUESTED_BY_PAYER_USER')
  } else {
    await db
      .updateTable('payment_sandbox_pix_authorizations')
      .set({ insufficient_funds: action === 'insufficient-funds' })
      .where('id', '=', id)
      .execute()
  }
  return { ok: true, row: (await findSandboxPixAuthorization(db, id))! }
}

/**
 * Debits every scheduled charge due on or before `now`'s day (São Paulo): RECEIVED, or REFUSED when the mandate's
 * payer has no funds; with `only`, just those charges (one store's). Answers the charges it settled, for their notices.
 */
export async function settleSandboxPixCharges(db: DbOrTrx, now: Date, only?: string[]) {
  if (only?.length === 0) return []
  let q = db
    .selectFrom('payment_sandbox_pix_charges as c')
    .innerJoin('payment_sandbox_pix_authorizations as a', 'a.id', 'c.authorization_id')
    .select(['c.id', 'a.insufficient_funds'])
    .where('c.status', '=', 'SCHEDULED')
    .where('c.due_date', '<=', saoPauloDay(now))
  if (only) q = q.where('c.id', 'in', only)
  const due = await q.execute()
  const settled: string[] = []
  for (const c of due) {
    const done = await db
      .updateTable('payment_sandbox_pix_charges')
      .set(c.insufficient_funds ? { status: 'REFUSED' } : { status: 'RECEIVED', paid_at: now })
      .where('id', '=', c.id)
      .where('status', '=', 'SCHEDULED')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 1) settled.push(c.id)
  }
  return settled
}
