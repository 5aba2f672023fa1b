import { saoPauloDay } from '../../../shared/dates'
import { formatBRL } from '../../../shared/money'
import type { StoreOrder } from '../../../shared/ordering'
import {
  normalizeOrderStatus,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAID_STATUSES,
  paymentMethodLabel,
} from '../../../shared/ordering-rules'

export type DateFilter = 'all' | 'today' | 'week' | 'month'

export interface OrderFilters {
  search: string
  status: OrderStatus | 'all'
  payment: string
  date: DateFilter
}

export const NO_FILTERS: OrderFilters = { search: '', status: 'all', payment: 'all', date: 'all' }

export const DATE_FILTERS: { value: DateFilter; label: string }[] = [
  { value: 'all', label: 'Todas as datas' },
  { value: 'today', label: 'Hoje' },
  { value: 'week', label: 'Última semana' },
  { value: 'month', label: 'Último mês' },
]

export function hasFilters(f: OrderFilters): boolean {
  return f.search.trim() !== '' || f.status !== 'all' || f.payment !== 'all' || f.date !== 'all'
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Search matches order number, customer name and e-mail, ignoring case; 'today' is the São Paulo calendar day,
 * 'week' and 'month' the last 7 and 30 days.
 */
export function filterOrders(orders: StoreOrder[], f: OrderFilters, now: Date = new Date()): StoreOrder[] {
  const q = f.search.trim().toLowerCase()
  const today = saoPauloDay(now)
  return orders.filter((o) => {
    if (q && ![o.orderNumber, o.customerName, o.customerEmail].some((v) => v?.toLowerCase().includes(q))) return false
    if (f.status !== 'all' && normalizeOrderStatus(o.status) !== f.status) return false
    if (f.payment !== 'all' && o.paymentMethod !== f.payment) return false
    if (f.date !== 'all') {
      const created = new Date(o.createdAt)
      if (f.date === 'today' && saoPauloDay(created) !== today) return false
      if (f.date === 'week' && now.getTime() - created.getTime() > 7 * DAY_MS) return false
      if (f.date === 'month' && now.getTime() - created.getTime() > 30 * DAY_MS) return false
    }
    return true
  })
}

export function summarize(orders: StoreOrder[]) {
  let paidRevenue = 0
  let pending = 0
  let processing = 0
  for (const o of orders) {
    const status = normalizeOrderStatus(o.status)
    if (PAID_STATUSES.includes(status)) paidRevenue += Math.round(o.total * 100)
    if (status === 'PENDING') pending++
    if (status === 'PROCESSING') processing++
  }
  return { total: orders.length, paidRevenue: paidRevenue / 100, pending, processing }
}

export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[normalizeOrderStatus(status)]
}

export function addressLine(o: StoreOrder): string {
  const a = o.shippingAddress
  if (!a) return ''
  const street = [a.street, a.number].filter(Boolean).join(', ')
  const rest = [a.complement, a.neighborhood, `${a.city}/${a.state}`, a.zipCode && `CEP ${a.zipCode}`].filter(Boolean)
  return [street, ...rest].join(' - ')
}

// CSV for spreadsheets set to pt-BR: ';' between cells, decimal comma, a BOM so accents survive.
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
  'Total',
  'Envio',
  'Prazo',
  'Endereço',
]

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

export function ordersToCsv(orders: StoreOrder[]): string {
  const dateFmt = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  })
  const rows = orders.map((o) =>
    [
      o.orderNumber,
      o.transactionId,
      dateFmt.format(new Date(o.createdAt)),
      statusLabel(o.status),
      o.customerName,
      o.customerEmail,
      o.customerPhone,
      o.customerDocument,
      paymentMethodLabel(o.paymentMethod),
      o.items.map((i) => `${i.quantity}x ${i.product.name}`).join(', '),
      amount(o.subtotal),
      amount(o.shippingCost),
      amount(o.total),
      o.shippingMethod,
      o.estimatedDelivery,
      addressLine(o),
    ]
      .map(cell)
      .join(';'),
  )
  return `\ufeff${[CSV_HEADER.join(';'), ...rows].join('\r\n')}\r\n`
}

/** Saves the CSV through a temporary link (no server round trip: it is exactly what the filters show). */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
