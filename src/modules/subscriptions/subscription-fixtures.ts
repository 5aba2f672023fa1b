/** The subscriptions API tests' shared setup: a store on the sandbox with a plan, its test clock, a card subscriber. */
import { expect } from 'vitest'
import { type TestApp, waitFor } from '../../testing/test-app'
import { orderingFixtures, type Shop } from '../ordering/ordering-fixtures'

/** Every test clock starts here: the 31st, so the anchor-day rule (31 Jan → 28 Feb → 31 Mar) is always exercised. */
export const SUBSCRIPTION_T0 = new Date('2027-01-31T12:00:00.000Z')

export function subscriptionFixtures(getT: () => TestApp) {
  const { shop, post, digitalOrder, card } = orderingFixtures(getT)
  const moveTo = (s: Shop, now: string) => getT().send('POST', `/api/stores/${s.storeId}/test-clock`, s.owner, { now })

  /** A store with a sandbox account (for `accountMethods`), one plan on its digital product, its clock at `at`. */
  async function subscriptionShop(
    plan: Record<string, unknown> = {},
    accountMethods: string[] = ['credit_card', 'pix', 'bank_slip'],
    at: Date = SUBSCRIPTION_T0,
  ) {
    const t = getT()
    const s = await shop({ payments: false, shipping: false })
    const account = await t.send('POST', `/api/stores/${s.storeId}/payment-accounts`, s.owner, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: `sk_sandbox_subs_${s.storeId.slice(0, 8)}`,
      methods: accountMethods,
    })
    expect(account.statusCode).toBe(201)
    const created = await t.send('POST', `/api/stores/${s.storeId}/products/${s.digitalId}/plans`, s.owner, {
      name: 'Mensal',
      intervalUnit: 'MONTH',
      intervalCount: 1,
      priceCents: 4990,
      methods: ['credit_card'],
      ...plan,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect((await moveTo(s, at.toISOString())).statusCode).toBe(200)
    return { s, planId: created.json().id as string }
  }

  /** The buyer subscribes by card at the checkout; answers the order's status and, once started, the subscription. */
  async function subscribeByCard(s: Shop, planId: string, cardNumber: string, email: string) {
    const t = getT()
    const res = await post(
      '/api/checkout/create-digital-order',
      digitalOrder(s, {
        planId,
        customer: { name: 'Maria Silva', email, phone: '(11) 98765-4321', cpf: '529.982.247-25' },
        payment: { ...card, cardNumber },
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    await t.drain()
    let id = ''
    await waitFor(async () => {
      const list = await t.app.inject({ url: `/api/stores/${s.storeId}/subscriptions`, headers: s.owner.headers })
      id = list.json().items.find((i: { customerEmail: string }) => i.customerEmail === email)?.id ?? ''
      return Boolean(id)
    })
    return { id, orderStatus: res.json().status as string }
  }

  return { subscriptionShop, subscribeByCard, moveTo }
}
