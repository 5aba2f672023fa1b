import { z } from 'zod'
import { defineEvent } from '../../platform/events'
import { ORDER_PAYMENT_METHODS, ORDER_STATUSES } from '../../shared/ordering'

const orderFacts = {
  orderId: z.string(),
  storeId: z.string(),
  orderNumber: z.string(),
  productType: z.enum(['PHYSICAL', 'DIGITAL']),
  totalCents: z.number().int(),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  items: z.array(
    z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), unitPriceCents: z.number().int() }),
  ),
  /** When the order was placed (ISO); optional only so events written before it existed still parse. */
  placedAt: z.string().optional(),
  /** The checkout session (recovery) the order was placed from, when the page reported one. */
  checkoutSessionId: z.string().optional(),
  /** Subscriptions (issue 36): the plan a checkout order subscribes to, or the subscription and cycle it renews. */
  planId: z.string().optional(),
  subscriptionId: z.string().optional(),
  cycleNumber: z.number().int().optional(),
}

/** An order was created (PENDING, stock reserved), before its charge exists. */
export const orderPlaced = defineEvent('order.placed', z.object(orderFacts))

/** An order's payment landed; published once per order. */
export const orderPaid = defineEvent(
  'order.paid',
  z.object({ ...orderFacts, transactionId: z.string().nullable(), paidAt: z.string() }),
)

/**
 * Money of a paid order went back to the buyer: a refund (whole or partial, from the merchant's order screen or the
 * gateway) or a chargeback. Published once per refund. `partial`: the order keeps its status (something is left);
 * otherwise it is REFUNDED. Fields after `chargeback` came later: older events (always whole) read with the defaults.
 */
export const orderRefunded = defineEvent(
  'order.refunded',
  z
    .object({
      ...orderFacts,
      transactionId: z.string(),
      refundedAt: z.string(),
      paidAt: z.string().nullable(),
      /** The buyer's card was charged back (contestação), not refunded; defaulted so older events still parse. */
      chargeback: z.boolean().default(false),
      /** This refund's amount (default: the whole order). */
      amountCents: z.number().int().optional(),
      /** Something of the order is left: its status stays, only this amount went back. */
      partial: z.boolean().default(false),
      /** Everything refunded of the order so far, this refund included (default: the whole order). */
      refundedTotalCents: z.number().int().optional(),
      /** Our refund (order_refunds.id), the refunded line (order_items.id) and the merchant's reason, when known. */
      refundId: z.string().nullable().default(null),
      itemId: z.string().nullable().default(null),
      reason: z.string().nullable().default(null),
    })
    .transform((p) => ({
      ...p,
      amountCents: p.amountCents ?? p.totalCents,
      refundedTotalCents: p.refundedTotalCents ?? p.totalCents,
    })),
)

/**
 * The order's own charge was paid after the order had been cancelled (a PIX paid past its expiry, a boleto after
 * the cancellation): the order stays CANCELLED and is flagged for the merchant to refund or fulfil.
 */
export const orderPaidAfterCancel = defineEvent(
  'order.paid_after_cancel',
  z.object({ ...orderFacts, transactionId: z.string(), paidAt: z.string() }),
)

/** An order was cancelled (payment refused, expired or cancelled, or the charge could not be created). */
export const orderCancelled = defineEvent(
  'order.cancelled',
  z.object({
    orderId: z.string(),
    storeId: z.string(),
    orderNumber: z.string(),
    reason: z.string(),
    // Optional only so events written before these fields existed still parse.
    productType: orderFacts.productType.optional(),
    totalCents: orderFacts.totalCents.optional(),
    paymentMethod: orderFacts.paymentMethod.optional(),
    customer: orderFacts.customer.optional(),
    items: orderFacts.items.optional(),
    cancelledAt: z.string().optional(),
    checkoutSessionId: orderFacts.checkoutSessionId,
  }),
)

/** A merchant changed a sale's status by hand on the sales screen (alongside order.paid / order.cancelled). */
export const orderStatusChanged = defineEvent(
  'order.status-changed',
  z.object({
    orderId: z.string(),
    storeId: z.string(),
    orderNumber: z.string(),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    userId: z.string(),
  }),
)

/**
 * A card was refused while placing an order: no order exists (its row became a checkout attempt, stock and bump stock
 * given back in the same transaction). Recovery offers the buyer PIX, boleto or another card.
 */
export const checkoutAttemptRefused = defineEvent(
  'checkout_attempt.refused',
  z.object({
    attemptId: z.string(),
    storeId: z.string(),
    productId: z.string().nullable(),
    checkoutSessionId: z.string().nullable(),
    totalCents: z.number().int(),
    customer: orderFacts.customer,
    refusedAt: z.string(),
  }),
)
