/**
 * Issue 33 item 18: the api prices a store's orders from a kept read of the product and the store's payment setup
 * (price-order.ts), read once per change instead of once per order. What must hold: a merchant's save is seen by the
 * next order at once, a change made by another process (another replica, a script) as soon as the database's
 * notification lands, and a sale's stock update empties nothing.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { digitalOrderPayloadSchema } from '../../shared/ordering'
import { statementLog } from '../../testing/statement-log'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures } from './ordering-fixtures'
import { priceOrder } from './price-order'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const { post, shop, digitalOrder } = orderingFixtures(() => t)

/** The app's database with a count of the statements that read `products`. */
function countingProductReads() {
  const log = statementLog()
  return { db: t.app.db.withPlugin(log.plugin), reads: () => log.reading('products') }
}

describe('the checkout reads an order is priced from', () => {
  it('reads the product once for many orders, and again after the merchant saves it', async () => {
    const s = await shop()
    const input = { kind: 'DIGITAL' as const, payload: digitalOrderPayloadSchema.parse(digitalOrder(s)) }
    const counting = countingProductReads()
    const deps = { db: counting.db, checkoutReads: t.app.checkoutReads }

    for (let i = 0; i < 3; i++) expect((await priceOrder(deps, input)).price.totalCents).toBe(4990)
    expect(counting.reads()).toBe(1)

    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/stores/${s.storeId}/products/${s.digitalId}`,
      payload: { price: 59.9 },
      headers: s.owner.headers,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // Emptied before the merchant's answer left: no wait for the notification.
    expect((await priceOrder(deps, input)).price.totalCents).toBe(5990)
    expect(counting.reads()).toBe(2)

    // The order the buyer places now is charged the new price.
    const order = await post('/api/checkout/create-digital-order', digitalOrder(s))
    expect(order.statusCode, order.body).toBe(200)
    const { total } = (
      await t.app.inject({ url: `/api/stores/${s.storeId}/orders`, headers: s.owner.headers })
    ).json()[0] as { total: number }
    expect(total).toBe(59.9)
  })

  it('sees a change made outside this process once the database announces it', async () => {
    const s = await shop()
    const input = { kind: 'DIGITAL' as const, payload: digitalOrderPayloadSchema.parse(digitalOrder(s)) }
    const deps = { db: t.app.db, checkoutReads: t.app.checkoutReads }
    expect((await priceOrder(deps, input)).price.totalCents).toBe(4990)

    await sql`update products set price_cents = 3990 where id = ${s.digitalId}`.execute(t.app.db)
    await waitFor(async () => (await priceOrder(deps, input)).price.totalCents === 3990)

    await sql`delete from products where id = ${s.digitalId}`.execute(t.app.db)
    await waitFor(() =>
      priceOrder(deps, input).then(
        () => false,
        (err: { statusCode?: number }) => err.statusCode === 404,
      ),
    )
  })

  it('is announced by what a merchant saves of a product, not by a sale taking its stock', async () => {
    // Which columns the trigger of migration 0370 watches: a sale's `set stock = stock - 1` must empty no cache
    // (every order would empty every process's), whatever changes the price or the product must.
    const { rows } = await sql<{ attname: string }>`
      select a.attname from pg_trigger t
      join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
      where t.tgname = 'products_public_config_changed'`.execute(t.app.db)
    const watched = rows.map((r) => r.attname)
    expect(watched).toEqual(expect.arrayContaining(['price_cents', 'type', 'store_id', 'name']))
    expect(watched).not.toContain('stock')
    expect(watched).not.toContain('updated_at')
  })
})
