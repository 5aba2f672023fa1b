import { describe, expect, it } from 'vitest'
import type { StoreOrder } from '../../../shared/ordering'
import { filterOrders, NO_FILTERS, ordersToCsv, summarize } from './model'

function order(over: Partial<StoreOrder>): StoreOrder {
  return {
    id: 'o1',
    orderNumber: '#1001',
    transactionId: 't1',
    customerName: 'Maria Silva',
    customerEmail: 'maria@example.com',
    customerPhone: '11987654321',
    customerDocument: '52998224725',
    status: 'PAID',
    paymentMethod: 'PIX',
    paymentData: { method: 'PIX', installments: null },
    productType: 'PHYSICAL',
    subtotal: 100,
    shippingCost: 19.9,
    total: 119.9,
    createdAt: '2026-03-10T15:00:00.000Z',
    paidAt: null,
    shippingAddress: {
      street: 'Av. Paulista',
      number: '1000',
      complement: null,
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310100',
    },
    shippingMethod: 'Sedex',
    estimatedDelivery: '3 dias úteis',
    notes: null,
    items: [{ quantity: 1, price: 100, unitPrice: 100, product: { id: 'p', name: 'Camiseta', imageUrl: null } }],
    ...over,
  }
}

const now = new Date('2026-03-10T18:00:00.000Z')
const orders = [
  order({}),
  order({
    id: 'o2',
    orderNumber: '#1002',
    customerName: 'João',
    customerEmail: 'joao@x.com',
    status: 'PENDING',
    paymentMethod: 'BANK_SLIP',
    total: 50,
    createdAt: '2026-03-01T12:00:00.000Z',
  }),
  order({ id: 'o3', orderNumber: '#1003', status: 'WEIRD' as never, createdAt: '2026-01-01T12:00:00.000Z' }),
]

describe('orders page model', () => {
  it('filters by search, status, payment and date', () => {
    expect(filterOrders(orders, { ...NO_FILTERS, search: 'JOÃO' }, now).map((o) => o.id)).toEqual(['o2'])
    expect(filterOrders(orders, { ...NO_FILTERS, search: '#1003' }, now).map((o) => o.id)).toEqual(['o3'])
    // an unknown status counts as PENDING
    expect(filterOrders(orders, { ...NO_FILTERS, status: 'PENDING' }, now).map((o) => o.id)).toEqual(['o2', 'o3'])
    expect(filterOrders(orders, { ...NO_FILTERS, payment: 'BANK_SLIP' }, now).map((o) => o.id)).toEqual(['o2'])
    expect(filterOrders(orders, { ...NO_FILTERS, date: 'today' }, now).map((o) => o.id)).toEqual(['o1'])
    expect(filterOrders(orders, { ...NO_FILTERS, date: 'month' }, now).map((o) => o.id)).toEqual(['o1', 'o2'])
  })

  it('summarises and exports', () => {
    expect(summarize(orders)).toEqual({ total: 3, paidRevenue: 119.9, pending: 2, processing: 0 })
    const csv = ordersToCsv([order({ customerName: '=HYPERLINK("x")', customerEmail: 'a;b@x.com' })])
    const [header, row] = csv.replace('\ufeff', '').trim().split('\r\n')
    expect(header.split(';')[0]).toBe('Pedido')
    expect(row).toContain(`'=HYPERLINK(""x"")`)
    expect(row).toContain('"a;b@x.com"')
    expect(row).toContain('119,90')
  })
})
