import { sql } from 'kysely'
import type { DbOrTrx } from './tables'

/** Orders placed with this e-mail (any store), newest first: the buyer's area. Matched case-insensitively. */
export async function ordersByEmail(db: DbOrTrx, email: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('orders')
    .where(sql<boolean>`lower(customer_email) = ${email}`)
    .select([
      'id',
      'store_id',
      'order_number',
      'status',
      'product_type',
      'total_cents',
      'refunded_cents',
      'charged_back',
      'payment_method',
      'created_at',
      'paid_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countOrdersByEmail(db: DbOrTrx, email: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .where(sql<boolean>`lower(customer_email) = ${email}`)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The lines of this buyer's orders that name a product, with their order's state (for digital access). */
export async function linesByEmail(db: DbOrTrx, email: string, productIds?: string[]) {
  let q = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .where(sql<boolean>`lower(o.customer_email) = ${email}`)
  if (productIds) q = q.where('i.product_id', 'in', productIds)
  return q
    .select([
      'o.id as order_id',
      'o.store_id',
      'o.order_number',
      'o.status',
      'o.paid_at',
      'o.customer_name',
      'o.customer_email',
      'i.id as item_id',
      'i.product_id',
      'i.name',
      'i.refunded_at',
    ])
    .orderBy('o.created_at', 'desc')
    .execute()
}
