/**
 * Issue 38 item 4, the proof: every state an order passes through reads the same on the sales screen, the orders
 * screen, the CSV and the buyer's e-mails (read from the SMTP server), and the sales dropdown takes the same steps
 * as fulfilment (PAID → SHIPPED → DELIVERED).
 */
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderStatusLabel } from '../shared/ordering-rules'
import { type FakeSmtp, startFakeSmtp } from '../testing/fake-smtp'
import { createTestApp, type TestApp, waitFor } from '../testing/test-app'
import { orderingFixtures, type Shop } from './ordering/ordering-fixtures'

let t: TestApp
let smtp: FakeSmtp
beforeAll(async () => {
  smtp = await startFakeSmtp()
  t = await createTestApp({ env: { SMTP_URL: smtp.url, EMAIL_RETRY_BASE_MS: '50' } })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const { customer, post, shop, physicalOrder, sandbox, refund } = orderingFixtures(() => t)

const to = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address))
async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const find = () => smtp.messages.filter((m) => to(m).includes(address) && subject.test(m.subject ?? '')).at(-1)
  await waitFor(() => find() !== undefined, 20_000)
  return find()!
}
/** 'Status do pedido: Enviado' in the text part. */
const mailLabel = (m: ParsedMail) => /Status do pedido:\s*(.+)/.exec(m.text ?? '')?.[1].trim()

const get = (url: string, s: Shop) => t.app.inject({ url, headers: s.owner.headers })
/** The buyer's order page (order-status with the page token of the link the e-mails carry). */
async function pageOf(orderPageUrl: string) {
  const u = new URL(orderPageUrl, 'http://x')
  const id = u.pathname.split('/').at(-1)
  return (await t.app.inject({ url: `/api/checkout/order-status/${id}?t=${u.searchParams.get('t')}` })).json()
}

/** The label of one order on each surface: sales screen, orders screen (API label and the screen's function), CSV. */
async function labels(s: Shop, orderId: string, orderNumber: string) {
  const sale = (await get('/api/sales?limit=100', s)).json().sales.find((x: { id: string }) => x.id === orderId)
  const order = (await get(`/api/stores/${s.storeId}/orders`, s)).json().find((o: { id: string }) => o.id === orderId)
  const csv = (await get(`/api/stores/${s.storeId}/orders/export`, s)).body.split('\r\n')
  const header = csv[0].replace('\ufeff', '').split(';')
  const line = csv.find((l) => l.startsWith(`${orderNumber};`))?.split(';') ?? []
  return {
    sales: sale.statusLabel as string,
    ordersApi: order.statusLabel as string,
    // What the orders screen's badge computes from the same answer.
    ordersScreen: orderStatusLabel(order.status, { chargeback: order.chargeback, refunded: order.refunded }),
    csv: line[header.indexOf('Status')],
  }
}

async function expectEverywhere(s: Shop, id: string, n: string, label: string, mail: ParsedMail) {
  await waitFor(async () => (await labels(s, id, n)).sales === label, 20_000)
  expect(await labels(s, id, n)).toEqual({ sales: label, ordersApi: label, ordersScreen: label, csv: label })
  expect(mailLabel(mail)).toBe(label)
}

const patchSale = (s: Shop, id: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/sales/${id}/status`, payload: { status }, headers: s.owner.headers })

describe('one vocabulary of statuses', () => {
  it('Pendente → Pago → Enviado → Entregue, then partly and wholly refunded; Cancelado apart', async () => {
    const s = await shop()
    const email = 'vocabulario@example.com'
    const placed = (
      await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email } }))
    ).json()
    const id = placed.orderId as string
    const n = (await get(`/api/stores/${s.storeId}/orders`, s)).json().find((o: { id: string }) => o.id === id)
      .orderNumber as string

    await expectEverywhere(s, id, n, 'Pendente', await mailTo(email, /^Recebemos seu pedido/))

    await sandbox(placed.paymentResult.gatewayId, 'pay')
    await expectEverywhere(s, id, n, 'Pago', await mailTo(email, /^Pagamento aprovado/))
    // The review invitation of a physical product waits for the delivery ('Pedido entregue'), not the paid page.
    expect((await pageOf(placed.orderPageUrl)).order.reviewToken).toBeUndefined()

    // The sales screen's dropdown: the same steps as fulfilment, with its shipment, events and e-mails.
    expect((await patchSale(s, id, 'Entregue')).json().message).toBe('O pedido ainda não foi enviado.')
    expect((await patchSale(s, id, 'Enviado')).statusCode).toBe(200)
    await expectEverywhere(s, id, n, 'Enviado', await mailTo(email, /foi enviado$/))
    const shipment = (await get(`/api/stores/${s.storeId}/orders/${id}/shipment`, s)).json()
    expect(shipment.shipment).toMatchObject({ kind: 'MANUAL', status: 'SHIPPED' })

    expect((await patchSale(s, id, 'Entregue')).statusCode).toBe(200)
    const delivered = await mailTo(email, /entregue$/)
    await expectEverywhere(s, id, n, 'Entregue', delivered)
    expect(delivered.html).toMatch(/\/pedido\/[^"]+#avaliar/)
    expect(delivered.text).toContain('Avaliar minha compra')
    await waitFor(async () => Boolean((await pageOf(placed.orderPageUrl)).order.reviewToken))
    await waitFor(
      async () =>
        (await get(`/api/stores/${s.storeId}/orders/${id}/shipment`, s)).json().shipment.status === 'DELIVERED',
    )

    expect((await refund(s, id, { amount: 20, reason: 'Atraso' })).statusCode).toBe(201)
    const partial = 'Entregue (parcialmente reembolsado)'
    await waitFor(async () => smtp.messages.some((m) => to(m).includes(email) && /^Reembolso/.test(m.subject ?? '')))
    await expectEverywhere(s, id, n, partial, await mailTo(email, /^Reembolso do pedido/))

    expect((await refund(s, id, { reason: 'Devolução' })).statusCode).toBe(201)
    await waitFor(
      async () => smtp.messages.filter((m) => to(m).includes(email) && /^Reembolso/.test(m.subject ?? '')).length === 2,
      20_000,
    )
    await expectEverywhere(s, id, n, 'Reembolsado', await mailTo(email, /^Reembolso do pedido/))
    expect((await patchSale(s, id, 'Cancelado')).statusCode).toBe(409)

    // A paid order partly refunded before shipping reads 'Parcialmente reembolsado'.
    const other = 'parcial@example.com'
    const second = (
      await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email: other } }))
    ).json()
    const n2 = (await get(`/api/stores/${s.storeId}/orders`, s))
      .json()
      .find((o: { id: string }) => o.id === second.orderId).orderNumber as string
    await sandbox(second.paymentResult.gatewayId, 'pay')
    await mailTo(other, /^Pagamento aprovado/)
    expect((await refund(s, second.orderId, { amount: 10, reason: 'Brinde' })).statusCode).toBe(201)
    await expectEverywhere(s, second.orderId, n2, 'Parcialmente reembolsado', await mailTo(other, /^Reembolso/))

    // Cancelled by hand while pending.
    const third = 'cancelado@example.com'
    const placed3 = (
      await post('/api/checkout/create-order', physicalOrder(s, { customer: { ...customer, email: third } }))
    ).json()
    const n3 = (await get(`/api/stores/${s.storeId}/orders`, s))
      .json()
      .find((o: { id: string }) => o.id === placed3.orderId).orderNumber as string
    expect((await patchSale(s, placed3.orderId, 'Cancelado')).statusCode).toBe(200)
    await expectEverywhere(s, placed3.orderId, n3, 'Cancelado', await mailTo(third, /cancelado$/))
  })
})
