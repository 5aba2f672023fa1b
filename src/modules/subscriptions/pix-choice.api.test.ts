/**
 * PIX Automático next to the plain PIX (issue 36 review):
 * - a plan offering both 'pix' and 'pix_automatic' lets the buyer choose: the checkout lists both, an order by PIX is
 *   accepted either way; the order keeps the buyer's checkout choice (`pixAutomatic`) and its page offers the
 *   mandate's QR only when it was chosen;
 *   paying the order's plain PIX starts a subscription renewed by PIX invoices, paying the mandate's QR one renewed by
 *   PIX Automático;
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'
import { subscriptionFixtures } from './subscription-fixtures'
import type { Db } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ redis: false })
})
afterAll(async () => {
  await t?.close()
})

const { post, digitalOrder, pageTokenOf, sandbox } = orderingFixtures(() => t)
const { subscriptionShop } = subscriptionFixtures(() => t)
const db = () => t.runtime.db as unknown as Db
const T0 = '2027-03-01T12:00:00.000Z'
const moveTo = (s: Shop, now: string) => t.send('POST', `/api/stores/${s.storeId}/test-clock`, s.owner, { now })
const simulate = (gatewayId: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/sandbox/pix-automatic/authorizations/${gatewayId}/${action}` })

/** A store on the sandbox whose plan offers `methods`, its clock at T0. */
const pixShop = (methods: string[]) => subscriptionShop({ methods }, ['pix', 'credit_card'], new Date(T0))

async function order(s: Shop, planId: string, email: string, choice: { pixAutomatic?: boolean } = {}) {
  const res = await post(
    '/api/checkout/create-digital-order',
    digitalOrder(s, {
      planId,
      ...choice,
      customer: { name: 'Maria Silva', email, phone: '(11) 98765-4321', cpf: '529.982.247-25' },
      payment: { method: 'pix' },
    }),
  )
  expect(res.statusCode, res.body).toBe(200)
  const { orderId, orderPageUrl } = res.json()
  const token = pageTokenOf(orderPageUrl)
  const page = await t.app.inject({ url: `/api/checkout/orders/${orderId}/page?t=${encodeURIComponent(token)}` })
  expect(page.statusCode).toBe(200)
  return { orderId: orderId as string, token, page: page.json(), gatewayId: res.json().paymentResult?.gatewayId }
}

async function subscriptionOf(orderId: string) {
  let sub: { id: string; status: string; method: string; access_until: Date | null } | undefined
  await waitFor(async () => {
    sub = await db()
      .selectFrom('subscriptions')
      .select(['id', 'status', 'method', 'access_until'])
      .where('first_order_id', '=', orderId)
      .executeTakeFirst()
    return Boolean(sub)
  })
  return sub!
}

describe('a plan offering PIX Automático and the plain PIX', () => {
  it('the buyer chooses: the plain PIX → PIX invoices; the mandate QR → PIX Automático', async () => {
    const { s, planId } = await pixShop(['pix_automatic', 'pix'])
    const plans = await t.app.inject({ url: `/api/checkout/products/${s.digitalId}/plans` })
    expect(plans.statusCode, plans.body).toBe(200)
    const listed = plans.json() as { id: string; methods: string[] }[]
    expect(listed.find((p) => p.id === planId)?.methods.sort()).toEqual(['pix', 'pix_automatic'])

    // The plain PIX: the order page offers no mandate by itself, the order's own PIX pays it.
    const plain = await order(s, planId, 'avulso@example.com')
    expect(plain.page.pixAutomaticPlanId).toBeUndefined()
    await sandbox(plain.gatewayId, 'pay')
    const bySlip = await subscriptionOf(plain.orderId)
    expect(bySlip).toMatchObject({ status: 'ACTIVE', method: 'pix' })
    // Its renewal is a PIX invoice sent at D-3, not a scheduled PIX Automático debit.
    await moveTo(s, '2027-03-29T12:00:00.000Z')
    const { rows: invoices } = await sql<{ payment_method: string }>`select payment_method from orders
      where subscription_id = ${bySlip.id} and cycle_number = 2`.execute(db())
    expect(invoices).toEqual([{ payment_method: 'PIX' }])

    // PIX Automático: the order keeps the buyer's choice, so its page names the plan on any device and the page
    // asks for the mandate's QR.
    const auto = await order(s, planId, 'automatico@example.com', { pixAutomatic: true })
    expect(auto.page.pixAutomaticPlanId).toBe(planId)
    const qr = await post(`/api/checkout/orders/${auto.orderId}/pix-automatic`, { token: auto.token, planId })
    expect(qr.statusCode, qr.body).toBe(200)
    expect((await simulate(qr.json().gatewayId, 'pay')).statusCode).toBe(200)
    await t.drain()
    expect(await subscriptionOf(auto.orderId)).toMatchObject({ status: 'ACTIVE', method: 'pix_automatic' })
  })

  it('PIX Automático chosen on a plan without it is refused with the plan message, nothing saved', async () => {
    const { s, planId } = await pixShop(['pix'])
    const res = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, {
        planId,
        pixAutomatic: true,
        customer: {
          name: 'Maria Silva',
          email: 'sem-mandato@example.com',
          phone: '(11) 98765-4321',
          cpf: '529.982.247-25',
        },
        payment: { method: 'pix' },
      }),
    )
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().message).toBe('Este plano não aceita esta forma de pagamento')
    const { rows } = await sql`select id from orders where customer_email = 'sem-mandato@example.com'`.execute(db())
    expect(rows).toEqual([])
  })

  it('a plan by PIX Automático only still names its plan on the order page (the mandate QR is the way)', async () => {
    const { s, planId } = await pixShop(['pix_automatic'])
    const only = await order(s, planId, 'so-automatico@example.com')
    expect(only.page.pixAutomaticPlanId).toBe(planId)
  })
})
