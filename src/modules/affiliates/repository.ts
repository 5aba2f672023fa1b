import { sql } from 'kysely'
import type { AffiliationStatus, ReleaseDays } from '../../shared/affiliates'
import type { DbOrTrx } from './tables'

export interface Page {
  limit: number
  offset: number
}

export async function findProgram(db: DbOrTrx, storeId: string, productId: string) {
  return db
    .selectFrom('affiliate_programs')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .selectAll()
    .executeTakeFirst()
}
export type ProgramRow = NonNullable<Awaited<ReturnType<typeof findProgram>>>

export async function upsertProgram(
  db: DbOrTrx,
  p: {
    storeId: string
    productId: string
    enabled: boolean
    commissionBps: number
    cookieDays: number | null
    attribution: 'LAST_CLICK' | 'FIRST_CLICK'
    autoApprove: boolean
    releaseDays: ReleaseDays
    recurring: boolean
  },
): Promise<ProgramRow> {
  const values = {
    enabled: p.enabled,
    commission_bps: p.commissionBps,
    cookie_days: p.cookieDays,
    attribution: p.attribution,
    auto_approve: p.autoApprove,
    release_days: JSON.stringify(p.releaseDays),
    recurring: p.recurring,
    updated_at: new Date(),
  }
  return db
    .insertInto('affiliate_programs')
    .values({ product_id: p.productId, store_id: p.storeId, ...values })
    .onConflict((oc) => oc.column('product_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function findOpenProgram(db: DbOrTrx, productId: string) {
  return db
    .selectFrom('affiliate_programs')
    .where('product_id', '=', productId)
    .where('enabled', '=', true)
    .selectAll()
    .executeTakeFirst()
}

/** Open programs, newest first (the public marketplace). */
export async function openPrograms(db: DbOrTrx, page: Page) {
  return db
    .selectFrom('affiliate_programs')
    .where('enabled', '=', true)
    .orderBy('updated_at', 'desc')
    .orderBy('product_id')
    .limit(page.limit)
    .offset(page.offset)
    .selectAll()
    .execute()
}

export async function insertAffiliation(
  db: DbOrTrx,
  a: { storeId: string; productId: string; userId: string; code: string; status: AffiliationStatus },
) {
  return db
    .insertInto('affiliations')
    .values({ store_id: a.storeId, product_id: a.productId, user_id: a.userId, code: a.code, status: a.status })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
}
export type AffiliationRow = NonNullable<Awaited<ReturnType<typeof insertAffiliation>>>

export async function findStoreAffiliation(db: DbOrTrx, storeId: string, id: string) {
  return db
    .selectFrom('affiliations')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

export async function findAffiliationByCode(db: DbOrTrx, code: string) {
  return db.selectFrom('affiliations').where('code', '=', code).selectAll().executeTakeFirst()
}

export async function setAffiliationStatus(db: DbOrTrx, storeId: string, id: string, status: AffiliationStatus) {
  return db
    .updateTable('affiliations')
    .set({ status, updated_at: new Date() })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function userAffiliations(db: DbOrTrx, userId: string, page: Page) {
  return db
    .selectFrom('affiliations as a')
    .leftJoin('affiliate_programs as p', 'p.product_id', 'a.product_id')
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(page.limit)
    .offset(page.offset)
    .selectAll('a')
    .select(['p.commission_bps'])
    .select((eb) => [
      eb
        .selectFrom('affiliate_clicks')
        .whereRef('affiliation_id', '=', 'a.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('clicks'),
    ])
    .execute()
}

/** The store's affiliates with what each brought: clicks, attributed sales, commission credited (net of refunds). */
export async function storeAffiliations(
  db: DbOrTrx,
  storeId: string,
  page: Page,
  only: { productId?: string; id?: string } = {},
) {
  let q = db
    .selectFrom('affiliations as a')
    .leftJoin('affiliate_programs as p', 'p.product_id', 'a.product_id')
    .where('a.store_id', '=', storeId)
  if (only.productId) q = q.where('a.product_id', '=', only.productId)
  if (only.id) q = q.where('a.id', '=', only.id)
  return q
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(page.limit)
    .offset(page.offset)
    .selectAll('a')
    .select(['p.commission_bps'])
    .select((eb) => [
      eb
        .selectFrom('affiliate_clicks')
        .whereRef('affiliation_id', '=', 'a.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('clicks'),
      eb
        .selectFrom('commissions')
        .whereRef('affiliation_id', '=', 'a.id')
        .where('role', '=', 'AFFILIATE')
        .select(eb.fn.countAll<string>().as('n'))
        .as('sales'),
      eb
        .selectFrom('commissions')
        .whereRef('affiliation_id', '=', 'a.id')
        .where('role', '=', 'AFFILIATE')
        .select(sql<string>`coalesce(sum(amount_cents - reversed_cents), 0)`.as('c'))
        .as('commission_cents'),
    ])
    .execute()
}

export async function insertClick(
  db: DbOrTrx,
  c: {
    affiliationId: string
    productId: string
    visitorId: string
    ipHash: string
    userAgent: string | null
    utm: Record<string, string>
    at: Date
  },
) {
  await db
    .insertInto('affiliate_clicks')
    .values({
      affiliation_id: c.affiliationId,
      product_id: c.productId,
      visitor_id: c.visitorId,
      ip_hash: c.ipHash,
      user_agent: c.userAgent,
      utm: JSON.stringify(c.utm),
      clicked_at: c.at,
    })
    .execute()
}

/**
 * The click that wins an order: the visitor's first or last click on this product's links, at or before the order
 * and no older than the window, through an affiliation that is ACTIVE now (a blocked affiliate earns nothing more).
 */
export async function winningClick(
  db: DbOrTrx,
  q: { visitorId: string; productId: string; before: Date; since: Date | null; first: boolean },
) {
  let query = db
    .selectFrom('affiliate_clicks as c')
    .innerJoin('affiliations as a', 'a.id', 'c.affiliation_id')
    .where('c.visitor_id', '=', q.visitorId)
    .where('c.product_id', '=', q.productId)
    .where('c.clicked_at', '<=', q.before)
    .where('a.status', '=', 'ACTIVE')
  if (q.since) query = query.where('c.clicked_at', '>=', q.since)
  return query
    .orderBy('c.clicked_at', q.first ? 'asc' : 'desc')
    .limit(1)
    .select(['c.id as click_id', 'a.id as affiliation_id', 'a.user_id', 'a.store_id'])
    .executeTakeFirst()
}

export async function insertAttribution(
  db: DbOrTrx,
  a: {
    orderId: string
    storeId: string
    affiliationId: string
    clickId: string
    commissionBps: number
    releaseDays: ReleaseDays
    recurring: boolean
    renewsOrderId?: string
  },
) {
  await db
    .insertInto('affiliate_attributions')
    .values({
      order_id: a.orderId,
      store_id: a.storeId,
      affiliation_id: a.affiliationId,
      click_id: a.clickId,
      commission_bps: a.commissionBps,
      release_days: JSON.stringify(a.releaseDays),
      recurring: a.recurring,
      renews_order_id: a.renewsOrderId ?? null,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute()
}

export async function findAttribution(db: DbOrTrx, orderId: string) {
  return db
    .selectFrom('affiliate_attributions as t')
    .innerJoin('affiliations as a', 'a.id', 't.affiliation_id')
    .where('t.order_id', '=', orderId)
    .selectAll('t')
    .select(['a.user_id'])
    .executeTakeFirst()
}

/** Which of these products have an open program (the relay skips orders of any other product). */
export async function openProgramProducts(db: DbOrTrx, productIds: string[]): Promise<Set<string>> {
  if (!productIds.length) return new Set()
  const rows = await db
    .selectFrom('affiliate_programs')
    .where('enabled', '=', true)
    .where('product_id', 'in', productIds)
    .select('product_id')
    .execute()
  return new Set(rows.map((r) => r.product_id))
}
