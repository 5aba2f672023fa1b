// The renewals bench's (and its process test's) seed: one card subscription made the buyer's way (checkout order with
// the plan, a real sandbox card, its token kept by payments), then cloned N times in bulk SQL — a first order each
// (own buyer e-mail and order number), the subscription, its paid cycle 1, the saved card (the same sandbox token, kept
// per buyer as payments keeps it) — with the period moved one interval back, so that every clone's cycle 2 is due
// now. Cycle 2 is left without `next_attempt_at` until `releaseDue` makes it due, so a bench can start the clock.
import type pg from 'pg'
import type { Call } from './production-app'

export const RENEWAL_CARD = '4111111111111111'

export interface SubscriptionStore {
  token: string
  storeId: string
  productId: string
  planId: string
}

/** A merchant, a store on the sandbox (card and PIX), a digital product and a monthly card plan. */
export async function subscriptionStore(
  call: Call,
  opts: { email: string; storeName: string; sandboxKey: string },
): Promise<SubscriptionStore> {
  const merchant = { name: 'Lojista Assinaturas', email: opts.email, password: 'senha-1234' }
  await call('POST', '/api/auth/register', merchant)
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', merchant)
  const store = await call<{ id: string }>('POST', '/api/stores', { name: opts.storeName }, token)
  const product = await call<{ id: string }>(
    'POST',
    `/api/stores/${store.id}/products`,
    { name: 'Clube Mensal', price: 49.9, type: 'DIGITAL', digitalFileUrl: 'https://files.example.com/clube.pdf' },
    token,
  )
  await call(
    'POST',
    `/api/stores/${store.id}/payment-accounts`,
    { provider: 'sandbox', label: 'Sandbox', apiKey: opts.sandboxKey, methods: ['credit_card', 'pix'] },
    token,
  )
  const plan = await call<{ id: string }>(
    'POST',
    `/api/stores/${store.id}/products/${product.id}/plans`,
    { name: 'Mensal', intervalUnit: 'MONTH', intervalCount: 1, priceCents: 4990, methods: ['credit_card'] },
    token,
  )
  return { token, storeId: store.id, productId: product.id, planId: plan.id }
}

/** The buyer's checkout with the plan and a sandbox card; resolves with the subscription once order.paid made it. */
export async function subscribeByCard(call: Call, sql: pg.Pool, s: SubscriptionStore, email: string) {
  const order = await call<{ orderId: string; status: string }>('POST', '/api/checkout/create-digital-order', {
    storeId: s.storeId,
    productId: s.productId,
    planId: s.planId,
    customer: { name: 'Assinante Modelo', email, phone: '(11) 98765-4321', cpf: '529.982.247-25' },
    payment: {
      method: 'credit_card',
      cardName: 'ASSINANTE MODELO',
      cardNumber: RENEWAL_CARD,
      expiryDate: '12/39',
      cvv: '123',
      installments: 1,
    },
  })
  if (order.status !== 'PAID') throw new Error(`template order not paid: ${JSON.stringify(order)}`)
  const deadline = Date.now() + 120_000
  for (;;) {
    const { rows } = await sql.query<{ id: string }>('select id from subscriptions where first_order_id = $1', [
      order.orderId,
    ])
    if (rows[0]) return { subscriptionId: rows[0].id, orderId: order.orderId }
    if (Date.now() > deadline) throw new Error('template subscription not created in time')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Clones the template subscription `count` times (ids derived from `tag`, buyers `renova<n>.<tag>@bench.example`).
 * One transaction; returns the clones' subscription ids.
 */
export async function cloneSubscriptions(sql: pg.Pool, templateId: string, count: number, tag: string) {
  const client = await sql.connect()
  try {
    await client.query('begin')
    const params = [templateId, count, tag]
    // n → ids and e-mail of the n-th clone
    const gen = `generate_series(1, $2::int) g`
    const oid = `md5($3 || '-o-' || g)::uuid`
    const sid = `md5($3 || '-s-' || g)::uuid`
    const email = `'renova' || g || '.' || $3 || '@bench.example'`
    await client.query(
      `insert into orders
       select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
         'id', ${oid}, 'order_number', c.last_number + g, 'customer_email', ${email})) ).*
       from subscriptions s join orders o on o.id = s.first_order_id
       join order_counters c on c.store_id = o.store_id, ${gen}
       where s.id = $1`,
      params,
    )
    await client.query(
      `update order_counters set last_number = last_number + $2
       where store_id = (select store_id from subscriptions where id = $1)`,
      [templateId, count],
    )
    await client.query(
      `insert into order_items (order_id, product_id, name, image_url, quantity, unit_price_cents, total_cents)
       select ${oid}, i.product_id, i.name, i.image_url, i.quantity, i.unit_price_cents, i.total_cents
       from subscriptions s join order_items i on i.order_id = s.first_order_id, ${gen}
       where s.id = $1`,
      params,
    )
    // One interval back: the clone's first period ended now, its cycle 2 is due now.
    await client.query(
      `insert into subscriptions
       select (jsonb_populate_record(null::subscriptions, to_jsonb(s) || jsonb_build_object(
         'id', ${sid}, 'first_order_id', ${oid}, 'customer_email', ${email},
         'anchor_at', s.anchor_at - interval '1 month',
         'current_period_start', s.current_period_start - interval '1 month',
         'current_period_end', s.current_period_end - interval '1 month',
         'access_until', s.access_until - interval '1 month'))).*
       from subscriptions s, ${gen}
       where s.id = $1`,
      params,
    )
    await client.query(
      `insert into subscription_cycles (subscription_id, store_id, number, status, period_start, period_end, due_at,
         amount_cents, order_id, paid_at, next_attempt_at)
       select ${sid}, c.store_id, c.number, c.status, c.period_start - interval '1 month',
         c.period_end - interval '1 month', c.due_at - interval '1 month', c.amount_cents,
         case when c.number = 1 then ${oid} end, c.paid_at - interval '1 month', null
       from subscription_cycles c, ${gen}
       where c.subscription_id = $1 and c.number in (1, 2)`,
      params,
    )
    await client.query(
      `insert into payment_instruments (store_id, buyer_email, account_id, token_encrypted, customer_ref, brand,
         last4, exp_month, exp_year, expires_at)
       select p.store_id, ${email}, p.account_id, p.token_encrypted, p.customer_ref, p.brand, p.last4,
         p.exp_month, p.exp_year, null
       from subscriptions s join payment_instruments p
         on p.store_id = s.store_id and lower(p.buyer_email) = lower(s.customer_email) and p.expires_at is null,
         ${gen}
       where s.id = $1`,
      params,
    )
    const { rows } = await client.query<{ id: string }>(
      `select ${sid} as id from ${gen} where $1::uuid is not null`,
      params,
    )
    await client.query('commit')
    return rows.map((r) => r.id)
  } catch (err) {
    await client.query('rollback')
    throw err
  } finally {
    client.release()
  }
}

/** Makes the clones' cycle 2 due (next attempt = its due date, now): the scanner may take them from here. */
export async function releaseDue(sql: pg.Pool, subscriptionIds: string[]) {
  const { rowCount } = await sql.query(
    `update subscription_cycles set next_attempt_at = due_at
     where subscription_id = any($1::uuid[]) and number = 2 and status = 'SCHEDULED'`,
    [subscriptionIds],
  )
  return rowCount ?? 0
}

/** How many of the clones' cycle 2 are PAID. */
export async function paidRenewals(sql: pg.Pool, subscriptionIds: string[]) {
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from subscription_cycles
     where subscription_id = any($1::uuid[]) and number = 2 and status = 'PAID'`,
    [subscriptionIds],
  )
  return rows[0]!.n
}
