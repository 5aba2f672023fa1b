/**
 * What the funnels' API tests share (issue 34): a store with the sandbox gateway, its products and a funnel
 * a → (accepted) b, a → (declined) a2 → b; an order of the trigger product bought by a given method; the offer's
 * routes called as the order page calls them. Only test files import this.
 */
import { expect } from 'vitest'
import type { TestApp } from '../../testing/test-app'
import { orderingFixtures } from '../ordering/ordering-fixtures'

export const CARD = { method: 'credit_card', cardName: 'MARIA SILVA', expiryDate: '12/39', cvv: '123', installments: 1 }
export const BUYER = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
}

export interface Parent {
  id: string
  token: string
  gatewayId: string
}

export function funnelsFixtures(app: () => TestApp) {
  async function shop(opts: { methods?: string[] } = {}) {
    const t = app()
    const m = await t.merchantWithStore()
    const acc = await t.send('POST', `/api/stores/${m.storeId}/payment-accounts`, m.user, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey: `sk_sandbox_funnels_${Math.random().toString(36).slice(2, 8)}`,
      methods: opts.methods ?? ['pix', 'credit_card'],
    })
    expect(acc.statusCode).toBe(201)
    const product = async (name: string, price: number, extra: Record<string, unknown> = {}) => {
      const res = await t.send('POST', `/api/stores/${m.storeId}/products`, m.user, {
        name,
        price,
        type: 'DIGITAL',
        digitalFileUrl: 'https://files.example.com/x.pdf',
        ...extra,
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as string
    }
    const main = await product('Curso', 97)
    const a = await product('Mentoria', 297)
    const b = await product('Comunidade', 47)
    const a2 = await product('Mentoria lite', 147)
    const funnel = await t.send('POST', `/api/stores/${m.storeId}/funnels`, m.user, {
      name: 'Pós-compra do curso',
      triggerProductIds: [main],
      steps: [
        {
          key: 'a',
          kind: 'upsell',
          productId: a,
          priceCents: 19_700,
          headline: 'Leve a mentoria',
          maxInstallments: 3,
          onAccept: 'b',
          onDecline: 'a2',
        },
        { key: 'b', kind: 'upsell', productId: b, priceCents: 2_700, headline: 'Entre na comunidade' },
        { key: 'a2', kind: 'downsell', productId: a2, priceCents: 9_700, headline: 'Uma versão menor', onAccept: 'b' },
      ],
    })
    expect(funnel.statusCode).toBe(201)
    return { ...m, product, main, a, b, a2, funnelId: funnel.json().id as string }
  }

  /** A digital order of `productId` (the trigger by default) by this buyer, as the checkout page sends it. */
  async function buy(
    s: { storeId: string; main: string },
    payment: Record<string, unknown>,
    opts: { productId?: string; email?: string } = {},
  ): Promise<Parent> {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/checkout/create-digital-order',
      payload: {
        storeId: s.storeId,
        productId: opts.productId ?? s.main,
        productType: 'DIGITAL',
        customer: { ...BUYER, email: opts.email ?? BUYER.email },
        shipping: {
          address: 'Produto digital',
          number: '0',
          city: 'Digital',
          state: 'DG',
          zipCode: '00000000',
          method: 'digital',
        },
        payment,
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    const token = new URL(body.orderPageUrl, 'http://x').searchParams.get('t') ?? ''
    return { id: body.orderId as string, token, gatewayId: body.paymentResult.gatewayId as string }
  }

  const offerUrl = (o: { id: string; token: string }, tail = '') =>
    `/api/orders/${o.id}/offer${tail}?t=${encodeURIComponent(o.token)}`
  const getOffer = (o: { id: string; token: string }) => app().app.inject({ url: offerUrl(o) })
  const accept = (o: { id: string; token: string }, stepKey: string, key = 'k1', extra: Record<string, unknown> = {}) =>
    app().app.inject({
      method: 'POST',
      url: offerUrl(o, '/accept'),
      headers: { 'idempotency-key': key },
      payload: { stepKey, ...extra },
    })
  const decline = (o: { id: string; token: string }, stepKey: string) =>
    app().app.inject({ method: 'POST', url: offerUrl(o, '/decline'), payload: { stepKey } })

  /** Every charge the store's gateway was asked for (parents and children, any method). */
  const charges = (storeId: string, method?: 'CREDIT_CARD' | 'PIX') => {
    let q = app()
      .runtime.db.selectFrom('payment_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('store_id', '=', storeId)
    if (method) q = q.where('method', '=', method)
    return q.executeTakeFirstOrThrow().then((r) => Number(r.n))
  }

  const stats = async (s: { storeId: string; funnelId: string; user: { headers: Record<string, string> } }) => {
    const res = await app().app.inject({
      url: `/api/stores/${s.storeId}/funnels/${s.funnelId}/stats`,
      headers: s.user.headers,
    })
    expect(res.statusCode).toBe(200)
    return res.json().steps as {
      key: string
      views: number
      accepts: number
      declines: number
      soldOut: number
      paidRevenueCents: number
    }[]
  }

  /**
   * A physical store whose sandbox account keeps the card for the purchase's offers (the legacy AtivoPay key alone
   * would offer a PIX): `product` adds a step's product, `parentByCard` buys the trigger product by card.
   */
  const physicalCardShop = async (apiKey: string) => {
    const ordering = orderingFixtures(app)
    const s = await ordering.shop({ payments: false })
    const send = (method: 'POST' | 'PATCH', url: string, body: object) => app().send(method, url, s.owner, body)
    const account = await send('POST', `/api/stores/${s.storeId}/payment-accounts`, {
      provider: 'sandbox',
      label: 'Sandbox',
      apiKey,
      methods: ['pix', 'credit_card'],
    })
    expect(account.statusCode).toBe(201)
    const product = async (body: object) => {
      const res = await send('POST', `/api/stores/${s.storeId}/products`, body)
      expect(res.statusCode, res.body).toBe(201)
      return res.json().id as string
    }
    const parentByCard = async () => {
      const res = await ordering.post(
        '/api/checkout/create-order',
        ordering.physicalOrder(s, { payment: { ...CARD, cardNumber: '4111111111111111' } }),
      )
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      return { id: body.orderId as string, token: ordering.pageTokenOf(body.orderPageUrl) }
    }
    return { ...s, send, product, parentByCard }
  }

  return { shop, buy, offerUrl, getOffer, accept, decline, charges, stats, physicalCardShop }
}
