import { Barcode, CreditCard, type LucideIcon, QrCode, Wallet } from 'lucide-react'
import { z } from 'zod'
import {
  normalizeOrderStatus,
  type OrderStatus,
  orderStatusLabel,
  type StatusFacts,
} from '../../../shared/ordering-rules'

/** Dashboard periods (spec 000 §9): default 30days. */
export const PERIODS = [
  { value: '7days', label: 'Últimos 7 dias' },
  { value: '30days', label: 'Últimos 30 dias' },
  { value: '90days', label: 'Últimos 90 dias' },
  { value: '1year', label: 'Último ano' },
] as const
export type Period = (typeof PERIODS)[number]['value']
export const DEFAULT_PERIOD: Period = '30days'
export const PLATFORM_FEE_FALLBACK = 5

// Read defensively: the answer is normalised once here, so the screen never meets a missing number.
const num = z.coerce.number().catch(0)
const maybeNum = z.number().nullish().catch(null)
const text = z.string().catch('')

const paymentShare = z.object({ type: text, name: text, percentage: num, value: num })
const itemSchema = z
  .object({
    name: z.string().optional(),
    productName: z.string().optional(),
    product: z.object({ name: z.string().optional() }).optional(),
  })
  .catch({})

const recentOrderSchema = z.object({
  id: z.string().optional().catch(undefined),
  storeId: z.string().optional().catch(undefined),
  storeName: z.string().optional().catch(undefined),
  items: z.array(itemSchema).catch([]),
  paymentMethod: text,
  createdAt: text,
  total: num,
  status: text,
  chargeback: z.boolean().optional().catch(undefined),
  refunded: z.number().optional().catch(undefined),
})

const metricsSchema = z.object({
  totalRevenue: num,
  totalOrders: num,
  totalStores: num,
  totalUsers: num,
  totalProducts: num,
  averageOrderValue: num,
  platformFee: num,
  platformFeePercentage: z.coerce.number().catch(PLATFORM_FEE_FALLBACK),
  activeStores: num,
  revenueTrend: maybeNum,
  ordersTrend: maybeNum,
  storesTrend: maybeNum,
  usersTrend: maybeNum,
  paymentMethods: z.array(paymentShare).catch([]),
  averageRating: maybeNum,
  deliveryRate: maybeNum,
  customerSatisfaction: maybeNum,
  totalViews: maybeNum,
  conversionRate: maybeNum,
  revenueByMonth: z.array(z.object({ month: text, revenue: num })).catch([]),
})

export const dashboardSchema = z
  .object({
    systemMetrics: z.unknown().optional(),
    metrics: z.unknown().optional(),
    topStores: z.array(z.object({ name: text, owner: text, revenue: num, orders: num })).catch([]),
    recentOrders: z.array(recentOrderSchema).catch([]),
  })
  .transform(({ systemMetrics, metrics, topStores, recentOrders }) => ({
    metrics: metricsSchema.parse(systemMetrics ?? metrics ?? {}),
    topStores: topStores.slice(0, 5),
    recentOrders: recentOrders.slice(0, 5),
  }))

export type DashboardData = z.output<typeof dashboardSchema>
export type DashboardMetrics = DashboardData['metrics']
export type RecentOrder = DashboardData['recentOrders'][number]

/** What a non-admin sees instead of calling the platform endpoint (spec 000 §6). */
export function zeroDashboard(): DashboardData {
  return dashboardSchema.parse({})
}

export function firstItemName(order: RecentOrder): string {
  const item = order.items[0]
  return item?.name || item?.productName || item?.product?.name || 'Pedido'
}

const PAYMENT_LABELS: Record<string, { label: string; icon: LucideIcon }> = {
  PIX: { label: 'PIX', icon: QrCode },
  CREDIT_CARD: { label: 'Cartão de Crédito', icon: CreditCard },
  BANK_SLIP: { label: 'Boleto Bancário', icon: Barcode },
}

export function paymentMethodInfo(method: string): { label: string; icon: LucideIcon } {
  const key = method.toUpperCase()
  if (PAYMENT_LABELS[key]) return PAYMENT_LABELS[key]
  if (/pix/i.test(method)) return PAYMENT_LABELS.PIX
  if (/card|cart|credit/i.test(method)) return PAYMENT_LABELS.CREDIT_CARD
  if (/boleto|slip/i.test(method)) return PAYMENT_LABELS.BANK_SLIP
  return { label: method || '--', icon: Wallet }
}

const TONES: Record<OrderStatus, 'warning' | 'success' | 'info' | 'purple' | 'danger' | 'neutral'> = {
  PENDING: 'warning',
  PAID: 'success',
  PROCESSING: 'info',
  SHIPPED: 'purple',
  DELIVERED: 'success',
  CANCELLED: 'danger',
  REFUNDED: 'neutral',
}

/** Order status badge with the shared label (the same as the orders and sales screens); unknown reads as PENDING. */
export function orderStatusInfo(status: string, facts: StatusFacts = {}) {
  const s = normalizeOrderStatus(status.toUpperCase())
  const tone = s === 'REFUNDED' && facts.chargeback ? ('danger' as const) : TONES[s]
  return { label: orderStatusLabel(s, facts), tone }
}

/** A number the pt-BR way ('66,7'). */
export function formatDecimal(value: number, digits = 1): string {
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '--' : `${formatDecimal(value, digits)}%`
}
