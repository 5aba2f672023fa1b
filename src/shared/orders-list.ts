/**
 * The store orders page (spec 000 'Pedidos'): its filters, pages and summary cards, computed by the server. Shared by
 * the routes and the page so both read the same filter names.
 */
import { z } from 'zod'
import { toReais } from './money'
import { ORDER_PAYMENT_METHODS, ORDER_STATUSES } from './ordering-rules'

export const ORDER_DATE_FILTERS = ['all', 'today', 'week', 'month'] as const
export type OrderDateFilter = (typeof ORDER_DATE_FILTERS)[number]

/** Orders shown per page when the caller does not say. */
export const ORDERS_PAGE_SIZE = 20
export const ORDERS_MAX_PAGE_SIZE = 500

export const orderFiltersSchema = z.object({
  /** Order number (#1001 or 1001), customer name or e-mail; case-insensitive. */
  search: z.string().trim().max(100, { error: 'Busca muito longa' }).default(''),
  status: z.enum([...ORDER_STATUSES, 'all'], { error: 'Status inválido' }).default('all'),
  payment: z.enum([...ORDER_PAYMENT_METHODS, 'all'], { error: 'Forma de pagamento inválida' }).default('all'),
  /** today = the São Paulo day; week and month = the last 7 and 30 São Paulo days. */
  date: z.enum(ORDER_DATE_FILTERS, { error: 'Período inválido' }).default('all'),
  /** pricing: only the orders that used this coupon (case-insensitive); '' = any. */
  coupon: z.string().trim().max(60, { error: 'Cupom inválido' }).default(''),
})
export type OrderFiltersQuery = z.output<typeof orderFiltersSchema>

export const orderPageQuerySchema = orderFiltersSchema.extend({
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int({ error: 'Limite inválido' })
    .min(1, { error: 'Limite inválido' })
    .max(ORDERS_MAX_PAGE_SIZE, { error: 'Limite inválido' })
    .default(ORDERS_PAGE_SIZE),
  /** Keyset: the id of the last order of the previous page; the page holds the orders placed before it. */
  after: z.uuid({ error: 'Cursor inválido' }).optional(),
  /** Kept for older callers; `after` reads any page at the same cost. */
  offset: z.coerce.number({ error: 'Offset inválido' }).int().min(0).max(100_000).optional(),
})
export type OrderPageQuery = z.output<typeof orderPageQuerySchema>

export const orderSummarySchema = z.object({
  /** Orders matching the filters. */
  total: z.number(),
  /** Revenue of the matching orders whose money was received, in reais. */
  paidRevenue: z.number(),
  pending: z.number(),
  processing: z.number(),
})
export type OrderSummary = z.infer<typeof orderSummarySchema>

/** The orders page's summary cards, in reais, from counts in cents (orders or rollups give them). */
export function toOrderSummary(counts: {
  total: number
  paidCents: number
  pending: number
  processing: number
}): OrderSummary {
  return {
    total: counts.total,
    paidRevenue: toReais(counts.paidCents),
    pending: counts.pending,
    processing: counts.processing,
  }
}
