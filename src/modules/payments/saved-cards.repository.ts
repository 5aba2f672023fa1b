/** Saved cards (payment_instruments): a gateway token per (store, buyer e-mail), never a card number. */
import { type Insertable, sql } from 'kysely'
import type { DbOrTrx, PaymentsTables } from './tables'

type Instruments = PaymentsTables['payment_instruments']

/** Keeps a card, replacing the same card kept earlier at the same account (a new token for it). */
export async function replaceInstrument(db: DbOrTrx, values: Insertable<Instruments>) {
  await db
    .deleteFrom('payment_instruments')
    .where('store_id', '=', values.store_id)
    .where(sql<boolean>`lower(buyer_email) = lower(${values.buyer_email})`)
    .where('account_id', '=', values.account_id)
    .where('last4', '=', values.last4)
    .where('brand', '=', values.brand)
    .where('exp_month', '=', values.exp_month)
    .where('exp_year', '=', values.exp_year)
    .execute()
  return db.insertInto('payment_instruments').values(values).returningAll().executeTakeFirstOrThrow()
}

/** A store's card still usable now (a temporary one until its expiry). */
export async function findInstrument(db: DbOrTrx, storeId: string, id: string, now: Date) {
  return db
    .selectFrom('payment_instruments')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst()
}
export type InstrumentRow = NonNullable<Awaited<ReturnType<typeof findInstrument>>>

export async function listInstruments(db: DbOrTrx, storeId: string, buyerEmail: string, now: Date) {
  return db
    .selectFrom('payment_instruments')
    .selectAll()
    .where('store_id', '=', storeId)
    .where(sql<boolean>`lower(buyer_email) = lower(${buyerEmail})`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
}

export async function deleteInstrument(db: DbOrTrx, storeId: string, id: string) {
  const res = await db
    .deleteFrom('payment_instruments')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}
