/**
 * The orders export (CSV for spreadsheets set to pt-BR: ';' between cells, decimal comma, a BOM so accents survive).
 * Written by the server as a stream, one line per order.
 */
import { formatBRL } from './money'
import type { StoreOrder } from './ordering'
import { orderStatusLabel, paymentMethodLabel, type StatusFacts } from './ordering-rules'

const CSV_HEADER = [
  'Pedido',
  'Transação',
  'Data',
  'Status',
  'Cliente',
  'E-mail',
  'Telefone',
  'CPF/CNPJ',
  'Pagamento',
  'Itens',
  'Subtotal',
  'Frete',
  'Cupom',
  'Desconto do cupom',
  'Desconto no pagamento',
  'Juros',
  'Total',
  'Envio',
  'Prazo',
  'Endereço',
]

/** The shared label (ordering-rules.ts): the CSV reads exactly what the screens show. */
export function statusLabel(status: string, facts: StatusFacts = {}): string {
  return orderStatusLabel(status, facts)
}

export function addressLine(o: Pick<StoreOrder, 'shippingAddress'>): string {
  const a = o.shippingAddress
  if (!a) return ''
  const street = [a.street, a.number].filter(Boolean).join(', ')
  const rest = [a.complement, a.neighborhood, `${a.city}/${a.state}`, a.zipCode && `CEP ${a.zipCode}`].filter(Boolean)
  return [street, ...rest].join(' - ')
}

function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  // A cell starting with = + - @ would be run as a formula by the spreadsheet.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[;"\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const amount = (reais: number) =>
  formatBRL(reais)
    .replace(/^R\$\s?/, '')
    .replace(/\u00a0/g, '')

const dateFmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
})

/** The BOM and the header line. */
export function csvHead(): string {
  return `\ufeff${CSV_HEADER.join(';')}\r\n`
}

export function csvLine(o: StoreOrder): string {
  return `${[
    o.orderNumber,
    o.transactionId,
    dateFmt.format(new Date(o.createdAt)),
    statusLabel(o.status, { chargeback: o.chargeback, refunded: o.refunded }),
    o.customerName,
    o.customerEmail,
    o.customerPhone,
    o.customerDocument,
    paymentMethodLabel(o.paymentMethod),
    o.items.map((i) => `${i.quantity}x ${i.product.name}`).join(', '),
    amount(o.subtotal),
    amount(o.shippingCost),
    o.couponCode ?? '',
    amount(o.couponDiscount ?? 0),
    amount(o.methodDiscount ?? 0),
    amount(o.interest ?? 0),
    amount(o.total),
    o.shippingMethod,
    o.estimatedDelivery,
    addressLine(o),
  ]
    .map(cell)
    .join(';')}\r\n`
}

export function ordersToCsv(orders: StoreOrder[]): string {
  return csvHead() + orders.map(csvLine).join('')
}
