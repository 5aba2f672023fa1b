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

/**
 * A card to charge and the account that saved it, in one read: by its id, or — no id — the buyer's newest card kept
 * for good (a renewal's). A card whose account is gone is not found.
 */
export async function findChargeableInstrument(
  db: DbOrTrx,
  storeId: string,
  q: { id: string } | { buyerEmail: string },
  now: Date,
) {
  let query = db
    .selectFrom('payment_instruments as i')
    .innerJoin('payment_accounts as a', (j) =>
      j.onRef('a.id', '=', 'i.account_id').onRef('a.store_id', '=', 'i.store_id'),
    )
    .selectAll('a')
    .select([
      'i.id as card_id',
      'i.buyer_email as card_buyer_email',
      'i.token_encrypted as card_token_encrypted',
      'i.customer_ref as card_customer_ref',
      'i.brand as card_brand',
      'i.last4 as card_last4',
    ])
    .where('i.store_id', '=', storeId)
  query =
    'id' in q
      ? query
          .where('i.id', '=', q.id)
          .where((eb) => eb.or([eb('i.expires_at', 'is', null), eb('i.expires_at', '>', now)]))
      : query
          .where(sql<boolean>`lower(i.buyer_email) = lower(${q.buyerEmail})`)
          .where('i.expires_at', 'is', null)
          .orderBy('i.created_at', 'desc')
          .limit(1)
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  const { card_id, card_buyer_email, card_token_encrypted, card_customer_ref, card_brand, card_last4, ...account } = row
  return {
    card: {
      id: card_id,
      buyer_email: card_buyer_email,
      token_encrypted: card_token_encrypted,
      customer_ref: card_customer_ref,
      brand: card_brand,
      last4: card_last4,
    },
    account,
  }
}

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
