import { describe, expect, it } from 'vitest'
import type { StoreOrder } from './ordering'
import { ordersToCsv, statusLabel } from './orders-csv'

const order: StoreOrder = {
  id: 'o1',
  orderNumber: '#1001',
  transactionId: 't1',
  customerName: '=HYPERLINK("x")',
  customerEmail: 'a;b@x.com',
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
  tracking: {},
  items: [{ quantity: 1, price: 100, unitPrice: 100, product: { id: 'p', name: 'Camiseta', imageUrl: null } }],
}

describe('orders CSV', () => {
  it('escapes formulas and separators, with pt-BR amounts and São Paulo dates', () => {
    const csv = ordersToCsv([order])
    expect(csv.startsWith('\ufeff')).toBe(true)
    const [header, row] = csv.replace('\ufeff', '').trim().split('\r\n')
    expect(header.split(';')[0]).toBe('Pedido')
    expect(row).toContain(`'=HYPERLINK(""x"")`)
    expect(row).toContain('"a;b@x.com"')
    expect(row).toContain('119,90')
    expect(row).toContain('10/03/2026, 12:00')
    expect(row).toContain('Av. Paulista, 1000 - Bela Vista - São Paulo/SP - CEP 01310100')
  })

  it('tells a chargeback apart from a refund, and only on a refunded order', () => {
    expect(statusLabel('REFUNDED')).toBe('Reembolsado')
    expect(statusLabel('REFUNDED', { chargeback: false })).toBe('Reembolsado')
    expect(statusLabel('REFUNDED', { chargeback: true })).toBe('Chargeback')
    expect(statusLabel('PAID', { chargeback: true })).toBe('Pago')
    const [, row] = ordersToCsv([{ ...order, status: 'REFUNDED', chargeback: true }])
      .trim()
      .split('\r\n')
    expect(row.split(';')[3]).toBe('Chargeback')
  })
})
