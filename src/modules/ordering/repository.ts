import { randomUUID } from 'node:crypto'
import {
  type Expression,
  type Insertable,
  type InsertQueryBuilder,
  type QueryCreator,
  type Selectable,
  sql,
  type Updateable,
} from 'kysely'
import type { OrderStatus } from '../../shared/ordering'
import type { Companion, ComposedDb, Database } from '../database'
import type { ChargeCte } from '../payments'
import type { DbOrTrx, OrderingTables, ShippingAddress, Trx } from './tables'

export type OrderRow = Selectable<OrderingTables['orders']>
export type OrderItemRow = Selectable<OrderingTables['order_items']>
export type NewOrder = Omit<Insertable<OrderingTables['orders']>, 'shipping_address' | 'order_number'> & {
  shipping_address: ShippingAddress | null
}
export type NewItem = Omit<Insertable<OrderingTables['order_items']>, 'order_id'>

/** The first order of a store is #1001. */
export const FIRST_ORDER_NUMBER = 1001

/** What is written with an order in its one statement. */
export interface OrderCompanions {
  /** The order's charge, CREATING (payments). */
  charge?: Companion<'payment_transactions'>
  /** Its `order.placed` event, given the order number the statement takes from the store's counter. */
  event?: (filled: { orderNumber: Expression<string> }) => Companion<'outbox'>
  /**
   * The Idempotency-Key, claimed by the same statement: if it is taken, the key's primary key refuses the whole
   * statement (nothing of the order is written) and insertOrder throws KeyTaken. A concurrent duplicate waits for
   * the first one's commit before it is refused.
   */
  claim?: IdempotencyClaim
}

/** The Idempotency-Key an order was placed with is already claimed by another committed order. */
export class KeyTaken extends Error {}

/**
 * Adds a data-modifying CTE. Parts are referred to by name in SQL only (`select last_number from n`), so the CTE's
 * table type is dropped: optional parts then chain on one creator type.
 */
function withPart<T extends keyof Database & string, O extends object>(
  creator: QueryCreator<Database>,
  name: string,
  part: (qc: QueryCreator<Database>) => InsertQueryBuilder<Database, T, O>,
): QueryCreator<Database> {
  return creator.with(name, part) as unknown as QueryCreator<Database>
}

/**
 * Writes an order, numbered by its store's counter, with its items and its companions (charge, event, key claim) in
 * ONE statement: a single statement commits or fails whole like a transaction, in one round trip instead of six
 * (round trips were most of an order's cost). Run it on a transaction when the order also takes stock. The counter's
 * row lock serialises concurrent orders of one store until the statement (or transaction) ends. `order.id` is chosen
 * by the caller, so every part names it directly.
 */
export async function insertOrder(
  db: ComposedDb,
  order: NewOrder,
  items: NewItem[],
  companions: OrderCompanions = {},
): Promise<OrderRow> {
  return orderInsert(db, order, items, companions, (q) => q.returningAll().executeTakeFirstOrThrow())
}

/** What placing an order reads back of the row it wrote: decoding every column cost more than the rest of the answer. */
export const PLACED_COLUMNS = ['id', 'order_number', 'total_cents', 'status'] as const
export type PlacedOrder = Pick<OrderRow, (typeof PLACED_COLUMNS)[number]>

/** insertOrder for checkout, returning only PLACED_COLUMNS. */
export async function insertPlacedOrder(
  db: ComposedDb,
  order: NewOrder,
  items: NewItem[],
  companions: OrderCompanions = {},
): Promise<PlacedOrder> {
  return orderInsert(db, order, items, companions, (q) => q.returning(PLACED_COLUMNS).executeTakeFirstOrThrow())
}

async function orderInsert<R>(
  db: ComposedDb,
  order: NewOrder,
  items: NewItem[],
  companions: OrderCompanions,
  run: (insert: InsertQueryBuilder<Database, 'orders', object>) => Promise<R>,
): Promise<R> {
  const id = order.id ?? randomUUID()
  const { claim, charge, event } = companions
  let creator = withPart(db, 'n', (qc) =>
    qc
      .insertInto('order_counters')
      .values({ store_id: order.store_id, last_number: FIRST_ORDER_NUMBER })
      .onConflict((oc) =>
        oc.column('store_id').doUpdateSet((eb) => ({ last_number: eb('order_counters.last_number', '+', 1) })),
      )
      .returning('last_number'),
  )
  if (claim)
    creator = withPart(creator, 'claim', (qc) =>
      qc
        .insertInto('order_idempotency_keys')
        .values({ scope: claim.scope, key: claim.key, fingerprint: claim.fingerprint, order_id: id }),
    )
  creator = withPart(creator, 'i', (qc) =>
    qc.insertInto('order_items').values(items.map((i) => ({ ...i, order_id: id }))),
  )
  if (charge) creator = withPart(creator, 'charge', charge)
  if (event)
    creator = withPart(creator, 'event', event({ orderNumber: sql<string>`'#' || (select last_number from n)` }))
  try {
    return await run(
      creator.insertInto('orders').values({
        ...order,
        id,
        order_number: sql<number>`(select last_number from n)`,
        shipping_address: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
      }),
    )
  } catch (err) {
    const e = err as { code?: string; constraint?: string }
    if (claim && e.code === '23505' && e.constraint === 'order_idempotency_keys_pkey') throw new KeyTaken()
    throw err
  }
}

export async function findOrder(db: DbOrTrx, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** An item as `json_agg` of its row gives it: timestamps as text. */
type ItemJson = Omit<OrderItemRow, 'refunded_at'> & { refunded_at: string | null }

/**
 * Orders with their items (in findItems' order), each in one row: the buyer's page, the order e-mails and the
 * integrations' snapshot read both, and a second round trip per reader was a share of the worker's cost per order.
 */
function ordersWithItems(db: DbOrTrx) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select(
      sql<ItemJson[]>`coalesce((select json_agg(i order by i.bump_id is not null, i.id) from order_items i
        where i.order_id = orders.id), '[]'::json)`.as('items_json'),
    )
}

function withItems(found: OrderRow & { items_json: ItemJson[] }): { row: OrderRow; items: OrderItemRow[] } {
  const { items_json, ...row } = found
  const items = items_json.map((i) => ({ ...i, refunded_at: i.refunded_at === null ? null : new Date(i.refunded_at) }))
  return { row, items }
}

/** An order and its items in one statement. */
export async function findOrderWithItems(
  db: DbOrTrx,
  id: string,
): Promise<{ row: OrderRow; items: OrderItemRow[] } | undefined> {
  const found = await ordersWithItems(db).where('orders.id', '=', id).executeTakeFirst()
  return found ? withItems(found) : undefined
}

/** Several orders and their items in one statement (a batch of order e-mails), by id; a missing id is absent. */
export async function findOrdersWithItems(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, { row: OrderRow; items: OrderItemRow[] }>> {
  if (ids.length === 0) return new Map()
  // One array parameter: the same statement text (and prepared name) for every batch size.
  const rows = await ordersWithItems(db).where(sql<boolean>`orders.id = any(${ids}::uuid[])`).execute()
  return new Map(rows.map((r) => [r.id, withItems(r)]))
}

/** The order derived from a parent for a reason (derived-order.ts), if any. */
export async function findChildOrder(db: DbOrTrx, parentOrderId: string, derivedKey: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('parent_order_id', '=', parentOrderId)
    .where('derived_key', '=', derivedKey)
    .executeTakeFirst()
}

/** A parent's children (derived-order.ts), oldest first. */
export async function listChildOrders(db: DbOrTrx, parentOrderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'total_cents', 'pix_code'])
    .where('parent_order_id', '=', parentOrderId)
    .orderBy('created_at')
    .limit(20)
    .execute()
}

export async function lockOrder(trx: Trx, id: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export async function findItems(db: DbOrTrx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return []
  // One array parameter however many orders: `in ($1, ..., $n)` overflows the protocol's 65,535 parameters.
  return (
    db
      .selectFrom('order_items')
      .selectAll()
      .where(sql<boolean>`order_id = any(${orderIds}::uuid[])`)
      // marketing: the checkout's own product first, then the order-bump lines (readers take [0] as the main item).
      .orderBy(sql`bump_id is not null`)
      .orderBy('id')
      .execute()
  )
}

export async function updateOrder(
  db: DbOrTrx,
  id: string,
  patch: Omit<Updateable<OrderingTables['orders']>, 'shipping_address' | 'id' | 'store_id' | 'order_number'>,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function listStoreOrders(
  db: DbOrTrx,
  storeId: string,
  page: { limit?: number; offset?: number } = {},
): Promise<OrderRow[]> {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('order_number', 'desc')
  if (page.limit !== undefined) q = q.limit(page.limit)
  if (page.offset) q = q.offset(page.offset)
  return q.execute()
}

/** Per store: paid order count and revenue, and the newest paid orders (for the admin user details). */
export async function paidFiguresByStore(db: DbOrTrx, storeIds: string[], paid: readonly OrderStatus[]) {
  if (storeIds.length === 0) return { totals: [], recent: [] }
  const totals = await db
    .selectFrom('orders')
    .select([
      'store_id',
      (eb) => eb.fn.countAll<number>().as('orders'),
      (eb) => eb.fn.sum<number>('total_cents').as('cents'),
    ])
    .where('store_id', 'in', storeIds)
    .where('status', 'in', paid)
    .groupBy('store_id')
    .execute()
  const recent = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('orders')
        .select([
          'store_id',
          'created_at',
          (e) =>
            e.fn
              .agg<number>('row_number')
              .over((o) => o.partitionBy('store_id').orderBy('created_at', 'desc'))
              .as('rn'),
        ])
        .where('store_id', 'in', storeIds)
        .where('status', 'in', paid)
        .as('o'),
    )
    .select(['store_id', 'created_at'])
    .where('rn', '<=', 5)
    .orderBy('store_id')
    .orderBy('rn')
    .execute()
  return { totals, recent }
}

// ---------------------------------------------------------------------------------------------------------------
// Idempotency keys

export interface StoredAnswer {
  statusCode: number
  body: unknown
}

export interface IdempotencyClaim {
  scope: string
  key: string
  fingerprint: string
}

/**
 * Claims the key for `orderId` inside the order's own transaction: it exists if and only if the order does. false
 * when the key is taken (a concurrent duplicate waits here for the first one's commit, then sees its row).
 */
export async function claimIdempotencyKey(trx: Trx, claim: IdempotencyClaim, orderId: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('order_idempotency_keys')
    .values({ scope: claim.scope, key: claim.key, fingerprint: claim.fingerprint, order_id: orderId })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  return Boolean(inserted)
}

/** The order's charge details and, with a key, its answer; only where `onlyIf` holds. */
function chargeRecording(
  qc: QueryCreator<OrderingTables>,
  orderId: string,
  patch: Parameters<typeof updateOrder>[2],
  answer: { claim: IdempotencyClaim; body: unknown } | undefined,
  onlyIf: Expression<boolean>,
) {
  // The answer's CTE is never read by name: dropping its table type keeps one builder type for both cases.
  const creator = answer
    ? (qc.with('answer', (c) =>
        c
          .updateTable('order_idempotency_keys')
          .set({ status_code: 200, response: JSON.stringify(answer.body) })
          .where('scope', '=', answer.claim.scope)
          .where('key', '=', answer.claim.key)
          .where('order_id', '=', orderId)
          .where(onlyIf),
      ) as unknown as QueryCreator<OrderingTables>)
    : qc
  // Callers only learn whether the order was written.
  return creator
    .updateTable('orders')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', orderId)
    .where(onlyIf)
    .returning('id')
}

/**
 * The order's charge details and, when the order came with an Idempotency-Key, the answer for its retries — one
 * statement, so the answer can never lag behind the order.
 */
export async function recordCharge(
  db: DbOrTrx,
  orderId: string,
  patch: Parameters<typeof updateOrder>[2],
  answer?: { claim: IdempotencyClaim; body: unknown },
): Promise<{ id: string } | undefined> {
  return chargeRecording(db, orderId, patch, answer, sql<boolean>`true`).executeTakeFirst()
}

/**
 * recordCharge as the second half of one statement whose `charge` CTE stores the order's PENDING charge (payments'
 * storeWith): the order and the key's answer are written only if the charge was (else nothing, and undefined).
 */
export function recordChargeWith(
  qc: ChargeCte,
  orderId: string,
  patch: Parameters<typeof updateOrder>[2],
  answer?: { claim: IdempotencyClaim; body: unknown },
) {
  const chargeStored = sql<boolean>`exists (select 1 from charge)`
  // The `charge` CTE is read by name in SQL only; the rest of the statement is checked against ordering's tables.
  return chargeRecording(qc as unknown as QueryCreator<OrderingTables>, orderId, patch, answer, chargeStored)
}

export async function readIdempotencyKey(db: DbOrTrx, scope: string, key: string) {
  return db
    .selectFrom('order_idempotency_keys')
    .select(['fingerprint', 'status_code', 'response', 'order_id', 'created_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst()
}

export async function storeIdempotentAnswer(db: DbOrTrx, scope: string, key: string, answer: StoredAnswer) {
  await db
    .updateTable('order_idempotency_keys')
    .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute()
}

/** Gives a key up (its order failed for a reason a retry may not meet again): the next request starts afresh. */
export async function releaseIdempotencyKey(db: DbOrTrx, scope: string, key: string) {
  await db
    .deleteFrom('order_idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .execute()
}

/** Pending orders older than `before` whose charge never reached them (no gateway id), oldest first: the sweep. */
export async function listUnchargedOrders(db: DbOrTrx, before: Date, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id'])
    .where('status', '=', 'PENDING')
    .where('gateway_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** The key a given order was placed with, if any (a retry or the sweeper finishing the order stores its answer). */
export async function findClaimOfOrder(db: DbOrTrx, orderId: string): Promise<IdempotencyClaim | undefined> {
  return db
    .selectFrom('order_idempotency_keys')
    .select(['scope', 'key', 'fingerprint'])
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

export async function purgeIdempotencyKeys(db: DbOrTrx, olderThan: Date) {
  await db.deleteFrom('order_idempotency_keys').where('created_at', '<', olderThan).execute()
}
