import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const customer = { name: 'Maria Silva', email: 'maria@example.com', phone: '(11) 98765-4321', cpf: '529.982.247-25' }
const shipping = {
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  city: 'São Paulo',
  state: 'SP',
}

interface Shop {
  storeId: string
  productId: string
  optionId: string
}

async function send(method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({ method, url, headers: user?.headers ?? {}, payload: payload as object })
}

/** A store with the sandbox gateway, a physical product (R$ 100, stock 20) and a R$ 20 shipping option. */
async function shop(owner: TestUser, name: string): Promise<Shop> {
  const store = (await send('POST', '/api/stores', owner, { name })).json()
  const product = await send('POST', `/api/stores/${store.id}/products`, owner, {
    name: 'Camiseta',
    price: 100,
    type: 'PHYSICAL',
    stock: 20,
  })
  expect(product.statusCode).toBe(201)
  const option = await send('POST', `/api/stores/${store.id}/shipping`, owner, {
    name: 'Sedex',
    basePrice: 20,
    estimatedDays: 3,
  })
  expect(option.statusCode).toBe(201)
  const config = await send('POST', `/api/payment/ativo-pay/payment-config?storeId=${store.id}`, owner, {
    ativoPayApiKey: 'sk_sandbox_sales_0001',
  })
  expect(config.statusCode).toBe(200)
  return { storeId: store.id, productId: product.json().id, optionId: option.json().id }
}

async function order(s: Shop, name = customer.name): Promise<string> {
  const res = await send('POST', '/api/checkout/create-order', undefined, {
    storeId: s.storeId,
    productId: s.productId,
    customer: { ...customer, name },
    shipping: { ...shipping, method: s.optionId },
    payment: { method: 'pix' },
  })
  expect(res.statusCode).toBe(200)
  return res.json().orderId
}

async function stockOf(owner: TestUser, s: Shop): Promise<number> {
  return (await send('GET', `/api/stores/${s.storeId}/products/${s.productId}`, owner)).json().stock
}

/** Rewrites an order's facts straight in the table, to build a varied list without a gateway round trip each. */
async function setOrder(
  id: string,
  patch: {
    customer_name?: string
    created_at?: Date
    payment_method?: 'PIX' | 'CREDIT_CARD' | 'BANK_SLIP'
    total_cents?: number
    status?: 'PAID' | 'REFUNDED' | 'PROCESSING'
    product_type?: 'DIGITAL'
  },
) {
  await t.runtime.db.updateTable('orders').set(patch).where('id', '=', id).execute()
}

async function sales(user: TestUser, query = '') {
  const res = await send('GET', `/api/sales${query}`, user)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    sales: {
      id: string
      customerName: string
      status: string
      statusLabel: string
      paymentMethod: string
      totalAmount: number
    }[]
    total: number
    totalPages: number
    page: number
  }
}

async function patchStatus(user: TestUser, id: string, status: string) {
  return send('PATCH', `/api/sales/${id}/status`, user, { status })
}

async function outboxCount(event: string, orderId: string): Promise<number> {
  const row = await t.runtime.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event', '=', event)
    .where(sql<string>`payload->>'orderId'`, '=', orderId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('GET /sales', () => {
  let merchant: TestUser
  let other: TestUser
  let ids: string[]
  let foreignId: string

  beforeAll(async () => {
    merchant = await t.login()
    other = await t.login()
    const a = await shop(merchant, 'Loja A')
    const b = await shop(merchant, 'Loja B')
    const c = await shop(other, 'Loja Alheia')
    ids = []
    // 12 sales of one merchant over two stores, one a day from 2026-01-01 (noon in São Paulo).
    for (let i = 0; i < 12; i++) {
      const id = await order(i === 11 ? b : a, i % 2 ? 'Ana Costa' : 'Bruno Lima')
      await setOrder(id, {
        created_at: new Date(Date.UTC(2026, 0, i + 1, 15, 0)),
        total_cents: (i + 1) * 1000,
        payment_method: i % 3 === 0 ? 'BANK_SLIP' : i % 3 === 1 ? 'CREDIT_CARD' : 'PIX',
      })
      ids.push(id)
    }
    // The checkout strips digits and symbols from names; an older or imported order may hold them.
    await setOrder(ids[3], { customer_name: 'João 100% Souza' })
    await setOrder(ids[4], { status: 'PAID' })
    await setOrder(ids[5], { status: 'PROCESSING' })
    await setOrder(ids[6], { status: 'REFUNDED' })
    // 2026-01-05 23:30 in São Paulo is already the 6th in UTC: it belongs to the 5th.
    await setOrder(ids[0], { created_at: new Date('2026-01-06T02:30:00Z') })
    foreignId = await order(c, 'Ana Costa')
  })

  it('lists the caller’s sales of all their stores, newest first, 10 a page', async () => {
    const first = await sales(merchant)
    expect(first).toMatchObject({ total: 12, totalPages: 2, page: 1 })
    expect(first.sales).toHaveLength(10)
    expect(first.sales[0]).toMatchObject({
      id: ids[11],
      orderNumber: '#1001',
      storeName: 'Loja B',
      customerName: 'Ana Costa',
      customerEmail: 'maria@example.com',
      items: [{ name: 'Camiseta', quantity: 1, price: 100 }],
      totalAmount: 120,
      status: 'Pendente',
      paymentMethod: 'PIX',
    })
    expect(first.sales[1]).toMatchObject({ id: ids[10], storeName: 'Loja A', totalAmount: 110 })
    const second = await sales(merchant, '?page=2')
    expect(second.sales.map((s) => s.id)).toEqual([ids[2], ids[1]])
    expect((await sales(merchant, '?limit=5&page=3')).sales).toHaveLength(2)
    expect((await sales(merchant, '?limit=5')).totalPages).toBe(3)
    expect((await sales(merchant, '?page=9')).sales).toEqual([])
    expect((await sales(other)).sales.map((s) => s.id)).toEqual([foreignId])
  })

  it('shows an admin only their own stores', async () => {
    const admin = await t.login({ role: 'ADMIN' })
    expect(await sales(admin)).toEqual({ sales: [], total: 0, totalPages: 0, page: 1 })
  })

  it('filters by status label', async () => {
    expect((await sales(merchant, '?status=Pago')).sales.map((s) => s.id)).toEqual([ids[5], ids[4]])
    // A refunded sale is 'Reembolsado' (as on the orders screen), not 'Cancelado'.
    const refunded = await sales(merchant, '?status=Reembolsado')
    expect(refunded.sales.map((s) => [s.id, s.status, s.statusLabel])).toEqual([[ids[6], 'Reembolsado', 'Reembolsado']])
    expect((await sales(merchant, '?status=Cancelado')).total).toBe(0)
    expect((await sales(merchant, '?status=Pendente')).total).toBe(9)
    expect((await sales(merchant, '?status=Entregue')).total).toBe(0)
  })

  it('filters by customer name, case-insensitive, wildcards taken literally', async () => {
    expect((await sales(merchant, '?customerName=ana%20COSTA')).total).toBe(5)
    expect((await sales(merchant, `?customerName=${encodeURIComponent('100%')}`)).sales.map((s) => s.id)).toEqual([
      ids[3],
    ])
    expect((await sales(merchant, `?customerName=${encodeURIComponent('%')}`)).total).toBe(1)
    expect((await sales(merchant, '?customerName=_')).total).toBe(0)
  })

  it('filters by payment label; transfers and cash match nothing', async () => {
    const boleto = await sales(merchant, '?paymentMethod=Boleto')
    expect(boleto.sales.map((s) => s.id)).toEqual([ids[9], ids[6], ids[0], ids[3]])
    expect(boleto.sales.every((s) => s.paymentMethod === 'Boleto')).toBe(true)
    expect((await sales(merchant, `?paymentMethod=${encodeURIComponent('Cartão de Crédito')}`)).total).toBe(4)
    expect((await sales(merchant, '?paymentMethod=PIX')).total).toBe(4)
    expect((await sales(merchant, `?paymentMethod=${encodeURIComponent('Transferência')}`)).total).toBe(0)
    expect((await sales(merchant, '?paymentMethod=Dinheiro')).total).toBe(0)
  })

  it('filters by São Paulo calendar days, both ends inclusive', async () => {
    const days = await sales(merchant, '?startDate=2026-01-03&endDate=2026-01-05')
    expect(days.sales.map((s) => s.id)).toEqual([ids[0], ids[4], ids[3], ids[2]])
    expect((await sales(merchant, '?startDate=2026-01-11')).total).toBe(2)
    expect((await sales(merchant, '?endDate=2026-01-02')).sales.map((s) => s.id)).toEqual([ids[1]])
  })

  it('filters by amount in reais, inclusive', async () => {
    const mid = await sales(merchant, '?minAmount=30&maxAmount=50.00')
    expect(mid.sales.map((s) => s.totalAmount)).toEqual([50, 40, 30])
    expect((await sales(merchant, '?minAmount=119.99')).total).toBe(1)
    expect((await sales(merchant, '?maxAmount=0')).total).toBe(0)
    expect(
      (await sales(merchant, '?status=Pendente&paymentMethod=PIX&customerName=ana&minAmount=10&startDate=2026-01-01'))
        .sales,
    ).toHaveLength(1)
  })

  it('answers bad query values with 400 and Portuguese messages', async () => {
    const cases: [string, string, string][] = [
      ['page=0', 'page', 'Página inválida'],
      ['page=abc', 'page', 'Página inválida'],
      ['limit=101', 'limit', 'O limite deve estar entre 1 e 100'],
      ['status=Foo', 'status', 'Status inválido'],
      ['paymentMethod=Cheque', 'paymentMethod', 'Forma de pagamento inválida'],
      ['startDate=2026-13-01', 'startDate', 'Data inicial inválida (use AAAA-MM-DD)'],
      ['endDate=01/02/2026', 'endDate', 'Data final inválida (use AAAA-MM-DD)'],
      ['minAmount=-1', 'minAmount', 'Valor mínimo inválido: informe um número maior ou igual a 0'],
      ['maxAmount=abc', 'maxAmount', 'Valor máximo inválido: informe um número maior ou igual a 0'],
      ['startDate=2026-02-02&endDate=2026-02-01', 'endDate', 'A data final deve ser igual ou posterior à inicial'],
      ['minAmount=10&maxAmount=5', 'maxAmount', 'O valor máximo deve ser maior ou igual ao mínimo'],
    ]
    for (const [query, field, message] of cases) {
      const res = await send('GET', `/api/sales?${query}`, merchant)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().errors?.[field], query).toBe(message)
    }
    expect((await send('GET', '/api/sales?status=&customerName=&minAmount=', merchant)).statusCode).toBe(200)
    expect((await send('GET', '/api/sales')).statusCode).toBe(401)
  })
})

describe('PATCH /sales/:saleId/status', () => {
  let merchant: TestUser
  let s: Shop

  beforeAll(async () => {
    merchant = await t.login()
    s = await shop(merchant, 'Loja Status')
  })

  it('is 404 for another merchant’s sale or an unknown id, 400 for an unknown label', async () => {
    const id = await order(s)
    const intruder = await t.login()
    for (const [user, saleId] of [
      [intruder, id],
      [merchant, '00000000-0000-4000-8000-000000000000'],
      [merchant, 'nope'],
    ] as const) {
      const res = await patchStatus(user, saleId, 'Pago')
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Venda não encontrada')
    }
    const admin = await t.login({ role: 'ADMIN' })
    expect((await patchStatus(admin, id, 'Pago')).statusCode).toBe(404)
    const bad = await patchStatus(merchant, id, 'PAID')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.status).toBe('Status inválido')
    expect((await send('PATCH', `/api/sales/${id}/status`, undefined, { status: 'Pago' })).statusCode).toBe(401)
    expect((await sales(merchant, '?status=Pendente')).sales.map((x) => x.id)).toContain(id)
  })

  it('confirms a payment by hand with order.paid, then ships and delivers; never back to Pendente', async () => {
    const id = await order(s, 'Carla Dias')
    expect((await patchStatus(merchant, id, 'Enviado')).json()).toMatchObject({
      statusCode: 409,
      message: 'Confirme o pagamento (Pago) antes de marcar a venda como Enviado ou Entregue.',
    })
    const paid = await patchStatus(merchant, id, 'Pago')
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({ id, status: 'Pago', storeName: 'Loja Status', customerName: 'Carla Dias' })
    expect(await outboxCount('order.paid', id)).toBe(1)
    const paidAt = (await t.runtime.db.selectFrom('orders').select('paid_at').where('id', '=', id).executeTakeFirst())
      ?.paid_at
    expect(paidAt).toBeInstanceOf(Date)

    const again = await patchStatus(merchant, id, 'Pago')
    expect(again.statusCode).toBe(200)
    expect(again.json().status).toBe('Pago')
    expect(await outboxCount('order.paid', id)).toBe(1)

    // PAID → SHIPPED → DELIVERED, fulfilment's own steps; nothing delivered before it is sent, nothing goes back.
    expect((await patchStatus(merchant, id, 'Entregue')).json().message).toBe('O pedido ainda não foi enviado.')
    expect((await patchStatus(merchant, id, 'Enviado')).json().status).toBe('Enviado')
    expect((await patchStatus(merchant, id, 'Pago')).json().message).toBe(
      'Uma venda enviada ou entregue não volta para Pago.',
    )
    const delivered = (await patchStatus(merchant, id, 'Entregue')).json()
    expect(delivered).toMatchObject({ status: 'Entregue', statusLabel: 'Entregue' })
    expect((await patchStatus(merchant, id, 'Enviado')).json().message).toBe(
      'Uma venda entregue não volta para Enviado.',
    )
    expect((await patchStatus(merchant, id, 'Reembolsado')).json().message).toMatch(/Reembolsar/)
    expect(await outboxCount('order.status-changed', id)).toBe(3)

    const back = await patchStatus(merchant, id, 'Pendente')
    expect(back.statusCode).toBe(409)
    expect(back.json().message).toBe('Uma venda paga, enviada ou entregue não pode voltar para Pendente.')
    const cancel = await patchStatus(merchant, id, 'Cancelado')
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json().message).toMatch(/reembolso/)
    expect((await sales(merchant, '?status=Entregue')).sales.map((x) => x.id)).toEqual([id])
    expect(await outboxCount('order.paid', id)).toBe(1)
  })

  it('cancels a pending sale through the cancellation path: stock back exactly once, then final', async () => {
    const before = await stockOf(merchant, s)
    const id = await order(s)
    expect(await stockOf(merchant, s)).toBe(before - 1)
    const res = await patchStatus(merchant, id, 'Cancelado')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id, status: 'Cancelado' })
    expect(await stockOf(merchant, s)).toBe(before)
    expect(await outboxCount('order.cancelled', id)).toBe(1)

    expect((await patchStatus(merchant, id, 'Cancelado')).statusCode).toBe(200)
    expect(await stockOf(merchant, s)).toBe(before)
    for (const status of ['Pago', 'Pendente', 'Enviado', 'Entregue']) {
      const locked = await patchStatus(merchant, id, status)
      expect(locked.statusCode, status).toBe(409)
      expect(locked.json().message).toBe('Venda cancelada ou reembolsada não pode ser alterada.')
    }
    expect(await stockOf(merchant, s)).toBe(before)
    expect(await outboxCount('order.cancelled', id)).toBe(1)
  })

  it('refuses Enviado and Entregue for a digital sale: it has no shipment', async () => {
    // A digital order's facts, written in place (the digital checkout is another route, tested on its own).
    const id = await order(s)
    await setOrder(id, { product_type: 'DIGITAL' })
    expect((await patchStatus(merchant, id, 'Pago')).json().status).toBe('Pago')
    for (const status of ['Enviado', 'Entregue']) {
      const refused = await patchStatus(merchant, id, status)
      expect(refused.statusCode, status).toBe(409)
      expect(refused.json().message).toBe('Pedido de produto digital não tem envio.')
    }
  })

  it('keeps a refunded sale final too', async () => {
    const id = await order(s)
    await setOrder(id, { status: 'REFUNDED' })
    const res = await patchStatus(merchant, id, 'Entregue')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Venda cancelada ou reembolsada não pode ser alterada.')
    expect((await patchStatus(merchant, id, 'Cancelado')).statusCode).toBe(409)
    expect((await patchStatus(merchant, id, 'Reembolsado')).json()).toMatchObject({ status: 'Reembolsado' })
  })

  it('serialises concurrent changes: one cancellation returns the stock once', async () => {
    const before = await stockOf(merchant, s)
    const id = await order(s)
    const answers = await Promise.all([
      patchStatus(merchant, id, 'Cancelado'),
      patchStatus(merchant, id, 'Cancelado'),
      patchStatus(merchant, id, 'Pago'),
    ])
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true)
    const final = (await sales(merchant, '?limit=100')).sales.find((x) => x.id === id)
    if (final?.status === 'Cancelado') expect(await stockOf(merchant, s)).toBe(before)
    else expect(await stockOf(merchant, s)).toBe(before - 1)
    expect(await outboxCount('order.cancelled', id)).toBeLessThanOrEqual(1)
  })
})
