/** The order body UTMify documents, built from one of our orders. Pure: every rule here is unit-tested. */
import { UTMIFY_PLATFORM, type UtmifyStatus } from '../../shared/integrations'
import type { OrderPaymentMethod } from '../../shared/ordering'
import type { OrderSnapshot } from '../ordering'

export interface UtmifyOrderBody {
  orderId: string
  platform: string
  paymentMethod: 'pix' | 'credit_card' | 'boleto'
  status: UtmifyStatus
  createdAt: string
  approvedDate: string | null
  refundedAt: string | null
  customer: { name: string; email: string; phone: string | null; document: string | null; country: 'BR'; ip?: string }
  products: {
    id: string
    name: string
    planId: string | null
    planName: string | null
    quantity: number
    priceInCents: number
  }[]
  trackingParameters: Record<(typeof TRACKING_KEYS)[number], string | null>
  commission: { totalPriceInCents: number; gatewayFeeInCents: number; userCommissionInCents: number; currency: 'BRL' }
  isTest: boolean
}

const TRACKING_KEYS = ['src', 'sck', 'utm_source', 'utm_campaign', 'utm_medium', 'utm_content', 'utm_term'] as const

const METHOD: Record<OrderPaymentMethod, UtmifyOrderBody['paymentMethod']> = {
  PIX: 'pix',
  CREDIT_CARD: 'credit_card',
  BANK_SLIP: 'boleto',
}

/** UTMify's date format: UTC 'YYYY-MM-DD HH:MM:SS'. */
export function utmifyDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

const digits = (v: string) => v.replace(/\D/g, '')

/**
 * The body for one status of an order. `createdAt` is the order's creation time on every update (UTMify matches
 * updates by orderId and keeps the first date); `refundedAt` is when we learned of the refund. `commission` is the
 * gateway's fee (as configured on the account that charged) and what the producer keeps after fees, affiliates and
 * co-producers; without it (a test order) the fee is 0 and the producer keeps the total.
 */
export function buildOrderBody(
  order: OrderSnapshot,
  status: UtmifyStatus,
  opts: {
    refundedAt?: Date
    isTest?: boolean
    commission?: { gatewayFeeCents: number; userCommissionCents: number }
  } = {},
): UtmifyOrderBody {
  const tracking = Object.fromEntries(
    TRACKING_KEYS.map((k) => [k, order.tracking[k] ?? null]),
  ) as UtmifyOrderBody['trackingParameters']
  const paid = status === 'paid' || status === 'refunded' || status === 'chargedback'
  return {
    orderId: order.id,
    platform: UTMIFY_PLATFORM,
    paymentMethod: METHOD[order.paymentMethod],
    status,
    createdAt: utmifyDate(order.createdAt),
    approvedDate: paid && order.paidAt ? utmifyDate(order.paidAt) : null,
    refundedAt: status === 'refunded' || status === 'chargedback' ? utmifyDate(opts.refundedAt ?? new Date()) : null,
    customer: {
      name: order.customer.name,
      email: order.customer.email,
      phone: digits(order.customer.phone) || null,
      document: digits(order.customer.document) || null,
      country: 'BR',
      ...(order.clientIp ? { ip: order.clientIp } : {}),
    },
    products: order.items.map((item) => ({
      id: item.productId,
      name: item.name,
      planId: null,
      planName: null,
      quantity: item.quantity,
      priceInCents: item.unitPriceCents,
    })),
    trackingParameters: tracking,
    commission: {
      totalPriceInCents: order.totalCents,
      gatewayFeeInCents: opts.commission?.gatewayFeeCents ?? 0,
      userCommissionInCents: opts.commission?.userCommissionCents ?? order.totalCents,
      currency: 'BRL',
    },
    isTest: opts.isTest ?? false,
  }
}
