/** PIX Automático authorisations and recurring charges of ours (payment_pix_authorizations / _charges). */
import type { Insertable, Updateable } from 'kysely'
import type { DbOrTrx, PaymentsTables } from './tables'

type Auths = PaymentsTables['payment_pix_authorizations']
type Charges = PaymentsTables['payment_pix_charges']

export async function insertAuthorization(db: DbOrTrx, values: Insertable<Auths>) {
  return db.insertInto('payment_pix_authorizations').values(values).returningAll().executeTakeFirstOrThrow()
}
export type AuthRow = Awaited<ReturnType<typeof insertAuthorization>>

/** Of this store only: another store's id is not found. */
export async function findAuthorization(db: DbOrTrx, storeId: string, id: string) {
  return db
    .selectFrom('payment_pix_authorizations')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Ours with this gateway id at this account (null: the configuration key's gateway). */
export async function findAuthorizationsByGatewayId(db: DbOrTrx, gatewayId: string, accountId?: string | null) {
  let q = db.selectFrom('payment_pix_authorizations').selectAll().where('gateway_id', '=', gatewayId)
  if (accountId !== undefined) q = q.where('account_id', accountId === null ? 'is' : '=', accountId)
  return q.execute()
}

/** Changes an authorisation only when it still has `from`: two notices applying one change announce it once. */
export async function updateAuthorization(db: DbOrTrx, id: string, from: string, values: Updateable<Auths>) {
  return db
    .updateTable('payment_pix_authorizations')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()
}

export async function insertCharge(db: DbOrTrx, values: Insertable<Charges>) {
  return db.insertInto('payment_pix_charges').values(values).returningAll().executeTakeFirstOrThrow()
}
export type ChargeRow = Awaited<ReturnType<typeof insertCharge>>

export async function findCharge(db: DbOrTrx, storeId: string, id: string) {
  return db
    .selectFrom('payment_pix_charges')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findChargeByRef(db: DbOrTrx, authorizationId: string, externalRef: string, retry: number) {
  return db
    .selectFrom('payment_pix_charges')
    .selectAll()
    .where('authorization_id', '=', authorizationId)
    .where('external_ref', '=', externalRef)
    .where('retry', '=', retry)
    .executeTakeFirst()
}

export async function findChargesByGatewayId(db: DbOrTrx, gatewayId: string, accountId?: string | null) {
  let q = db
    .selectFrom('payment_pix_charges as c')
    .innerJoin('payment_pix_authorizations as a', 'a.id', 'c.authorization_id')
    .selectAll('c')
    .where('c.gateway_id', '=', gatewayId)
  if (accountId !== undefined) q = q.where('a.account_id', accountId === null ? 'is' : '=', accountId)
  return q.execute()
}

export async function updateCharge(db: DbOrTrx, id: string, from: string, values: Updateable<Charges>) {
  return db
    .updateTable('payment_pix_charges')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()
}

/** The gateway ids of a store's charges still scheduled and due by `day` (what its clock may debit). */
export async function scheduledGatewayIds(db: DbOrTrx, storeId: string, day: string) {
  const rows = await db
    .selectFrom('payment_pix_charges')
    .select('gateway_id')
    .where('store_id', '=', storeId)
    .where('status', '=', 'SCHEDULED')
    .where('due_date', '<=', day)
    .where('gateway_id', 'is not', null)
    .execute()
  return rows.map((r) => r.gateway_id!)
}

/** Authorisations whose QR went unpaid past its expiry by `now` (of one store, or of all). */
export async function expiringAuthorizations(db: DbOrTrx, now: Date, storeId?: string) {
  let q = db
    .selectFrom('payment_pix_authorizations')
    .select(['gateway_id', 'account_id'])
    .where('status', '=', 'PENDING')
    .where('qr_expires_at', '<=', now)
  if (storeId) q = q.where('store_id', '=', storeId)
  return q.limit(500).execute()
}

/** Names the order an authorisation's QR or a recurring charge pays (once; a retry names its first's order). */
export async function setOrderRef(db: DbOrTrx, pixId: string, orderRef: string) {
  await db
    .insertInto('payment_pix_order_refs')
    .values({ pix_id: pixId, order_ref: orderRef })
    .onConflict((oc) => oc.column('pix_id').doNothing())
    .execute()
}

export async function orderRefOf(db: DbOrTrx, pixId: string) {
  const row = await db
    .selectFrom('payment_pix_order_refs')
    .select('order_ref')
    .where('pix_id', '=', pixId)
    .executeTakeFirst()
  return row?.order_ref
}
