/** The built-in sandbox gateway's own state (payment_sandbox_transactions), shared by the api and worker processes. */
import type { Insertable, Selectable } from 'kysely'
import type { DbOrTrx, PaymentsTables, SandboxRefund, Trx } from './tables'

type SandboxTable = PaymentsTables['payment_sandbox_transactions']
export type SandboxRow = Selectable<SandboxTable>

/** Sandbox ids are UUIDs: anything else is no transaction (and never reaches the uuid column). */
const isSandboxId = (id: string) => /^[0-9a-f-]{36}$/i.test(id)

export async function findSandboxRow(db: DbOrTrx, id: string): Promise<SandboxRow | undefined> {
  if (!isSandboxId(id)) return undefined
  return db.selectFrom('payment_sandbox_transactions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The row under its update lock, for a change that depends on what it holds (a refund). */
export async function lockSandboxRow(trx: Trx, id: string): Promise<SandboxRow | undefined> {
  if (!isSandboxId(id)) return undefined
  return trx.selectFrom('payment_sandbox_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** An account's transactions, newest first, a page of `pageSize`, with the count of all that match. */
export async function listSandboxRows(
  db: DbOrTrx,
  q: { account: string; status?: string; page: number; pageSize: number },
) {
  // A card check (sandbox-verify.ts) is no transaction of the contract.
  let base = db
    .selectFrom('payment_sandbox_transactions')
    .where('account', '=', q.account)
    .where('payment_method', '<>', 'CARD_VERIFICATION')
  if (q.status) base = base.where('status', '=', q.status)
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute()
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows, total: Number(n) }
}

/** What an account has been paid (cents). */
export async function sandboxPaidTotal(db: DbOrTrx, account: string): Promise<number> {
  const { amount } = await db
    .selectFrom('payment_sandbox_transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'))
    .where('account', '=', account)
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow()
  return Number(amount)
}

export async function insertSandboxRow(db: DbOrTrx, values: Insertable<SandboxTable>): Promise<SandboxRow> {
  return db.insertInto('payment_sandbox_transactions').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function recordSandboxRefunds(
  trx: Trx,
  id: string,
  values: { refunds: SandboxRefund[]; refundedAmount: number; status: string },
) {
  await trx
    .updateTable('payment_sandbox_transactions')
    .set({
      refunds: JSON.stringify(values.refunds),
      refunded_amount: values.refundedAmount,
      status: values.status,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute()
}

/** Moves a transaction from status `from` (only if it is still there); its row afterwards, or undefined. */
export async function moveSandboxStatus(
  db: DbOrTrx,
  id: string,
  from: string,
  values: { status: string; paid_at: Date | null; refused_reason: string | null; updated_at: Date },
): Promise<SandboxRow | undefined> {
  return db
    .updateTable('payment_sandbox_transactions')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()
}

/** The approved charge that made a card token, for a charge of that token by the same account. */
export async function findSandboxToken(db: DbOrTrx, account: string, token: string) {
  return db
    .selectFrom('payment_sandbox_transactions')
    .select(['card_last_digits', 'card_brand'])
    .where('card_token', '=', token)
    .where('account', '=', account)
    .executeTakeFirst()
}
