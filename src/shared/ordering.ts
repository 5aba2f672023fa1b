/**
 * Orders: the checkout payload schemas (the create-order routes), the shapes the order and dashboard routes answer.
 * The field rules and messages live in ordering-rules.ts (dependency-free, shared with the buyer pages); these
 * schemas call them, so a field is judged the same way on both sides.
 */
import { z } from 'zod'
import { paymentInstructionFields } from './fields'
import {
  ADMIN_DASHBOARD_PERIODS,
  type CardFields,
  CHECKOUT_METHOD_IDS,
  cardErrors,
  customerErrors,
  MAX_INSTALLMENTS,
  MSG,
  normalizeCustomer,
  normalizeMethodId,
  normalizeShipping,
  ORDER_STATUSES,
  STORE_DASHBOARD_PERIODS,
  shippingErrors,
} from './ordering-rules'
import { trackingSchema } from './tracking'

export * from './ordering-rules'

// ---------------------------------------------------------------------------------------------------------------
// Checkout steps

/** A text field: missing, null or not a string reads as '' so the rule reports it with the field's message. */
const anyText = z.preprocess(
  (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)),
  z.string(),
)

function report(ctx: z.RefinementCtx, errors: Record<string, string | undefined>) {
  for (const [path, message] of Object.entries(errors))
    if (message) ctx.addIssue({ code: 'custom', path: [path], message })
}

export const customerSchema = z
  .object({ name: anyText, email: anyText, phone: anyText, cpf: anyText })
  .superRefine((c, ctx) => report(ctx, customerErrors(c)))
  .transform(normalizeCustomer)
export type CustomerInput = z.input<typeof customerSchema>
export type Customer = z.output<typeof customerSchema>

/** The shipping step: address plus the chosen option id (`street` and `shippingOptionId` accepted as aliases). */
export const shippingSchema = z
  .object({
    zipCode: anyText,
    address: anyText,
    street: anyText.optional(),
    number: anyText,
    complement: anyText.optional(),
    neighborhood: anyText.optional(),
    city: anyText,
    state: anyText,
    method: anyText.optional(),
    shippingOptionId: anyText.optional(),
  })
  .transform((s) => ({ ...s, address: s.address || s.street || '', method: s.shippingOptionId || s.method || '' }))
  .superRefine((s, ctx) => report(ctx, shippingErrors(s)))
  .transform(normalizeShipping)
export type ShippingInput = z.input<typeof shippingSchema>
export type Shipping = z.output<typeof shippingSchema>

export const paymentSchema = z
  .object({
    method: z.preprocess((v) => normalizeMethodId(v) ?? v, z.enum(CHECKOUT_METHOD_IDS, { error: MSG.paymentRequired })),
    cardName: anyText.optional(),
    cardNumber: anyText.optional(),
    expiryDate: anyText.optional(),
    cvv: anyText.optional(),
    /** 'Salvar cartão para próximas compras nesta loja' (default on); off: kept 30 minutes for this purchase's offers. */
    saveCard: z.boolean().optional(),
    /** 'CEP do titular' and 'Número': digital card orders at a store whose card gateway needs them (holderAddress). */
    holderPostalCode: anyText.optional(),
    holderAddressNumber: anyText.optional(),
    installments: z.coerce
      .number({ error: MSG.installmentsInvalid })
      .int({ error: MSG.installmentsInvalid })
      .min(1, { error: MSG.installmentsInvalid })
      .max(MAX_INSTALLMENTS, { error: MSG.installmentsInvalid })
      .nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.method === 'credit_card') report(ctx, cardErrors(p as CardFields))
  })
export type PaymentInput = z.input<typeof paymentSchema>
export type Payment = z.output<typeof paymentSchema>

const idField = z.string({ error: MSG.productUnavailable }).trim().min(1, { error: MSG.productUnavailable }).max(100)

/** Browser-sent lines and totals are accepted for compatibility and ignored: the server prices the order. */
const ignoredPricing = {
  items: z.array(z.unknown()).max(20).optional(),
  totalPrice: z.unknown().optional(),
  productType: z.unknown().optional(),
}

/** Marketing: the ids of the order bumps the buyer added; the server re-checks and prices each one. */
const orderBumpsField = z
  .array(z.string().max(100))
  .max(10)
  .optional()
  .describe(
    'Ids of the order bumps the buyer added. Each is re-checked as the offer was and priced on the server; it becomes its own item line and joins the one charge. Unknown, inactive or ineligible ids are a 400; a repeated id counts once.',
  )

/** The buyer's coupon code ('Cupom de desconto'); checked and priced on the server, '' means none. */
const couponCodeField = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(60).optional())
  .describe('A coupon code of the store (case-insensitive). A code refused by a rule is a 400 with the reason.')
/** Recovery: the checkout session the page reported (its id, chosen by the page); links the order to it. */
const checkoutSessionField = z
  .string()
  .uuid()
  .optional()
  .describe('The checkout session this page reported (POST /checkout/sessions); an unknown id is ignored.')

/** The physical order payload (spec 001 §3). */
export const orderPayloadSchema = z.object({
  storeId: idField,
  productId: idField,
  customer: customerSchema,
  shipping: shippingSchema,
  payment: paymentSchema,
  ...ignoredPricing,
  tracking: trackingSchema.optional(),
  orderBumps: orderBumpsField,
  couponCode: couponCodeField,
  checkoutSessionId: checkoutSessionField,
})
export type OrderPayload = z.input<typeof orderPayloadSchema>

/** The digital order payload: shipping arrives as placeholder data (state DG, zip 00000000) and is ignored. */
export const digitalOrderPayloadSchema = orderPayloadSchema.extend({
  shipping: z.unknown().optional(),
  /** Subscribes to this plan of the product (issue 36): the plan's price is the first charge. */
  planId: z.string().uuid('Plano inválido').optional(),
  /** With planId and PIX: the buyer chose the plan's PIX Automático (a mandate) over a new PIX each period. */
  pixAutomatic: z.boolean().optional(),
})
export type DigitalOrderPayload = z.input<typeof digitalOrderPayloadSchema>

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** pricing: the coupon used, the discounts and the interest (total = subtotal − discounts + shipping + interest). */
export const orderPricingFields = {
  couponCode: z.string().nullable().optional(),
  couponDiscount: z.number().optional(),
  methodDiscount: z.number().optional(),
  interest: z.number().optional(),
}

export const orderResultSchema = z.object({
  success: z.boolean(),
  orderId: z.string(),
  orderNumber: z.string(),
  transactionId: z.string().nullable(),
  status: z.string(),
  total: z.number(),
  paymentUrl: z.string().nullable(),
  qrCode: z.string().nullable(),
  paymentResult: z
    .object({
      transactionId: z.string().nullable(),
      gatewayId: z.string().nullable(),
      status: z.string(),
      method: z.string(),
      amount: z.number(),
      qrCode: z.string().nullable(),
      ...paymentInstructionFields,
      sandbox: z.boolean(),
    })
    .nullable(),
  error: z.string().nullable(),
  /** The buyer's order page (`/pedido/:orderId?t=<token>`): where the checkout sends the buyer once the order exists. */
  orderPageUrl: z.string().optional(),
})
export type OrderResult = z.infer<typeof orderResultSchema>

export const digitalAccessSchema = z.object({
  productName: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /** The product's files are in the buyer's area (BUYER_AREA_PATH): `url` leads there, not to a public link. */
  inArea: z.boolean().optional(),
})

/** The buyer's area ('Minhas compras'): sign-in by e-mailed link, every purchase, the digital files. */
export const BUYER_AREA_PATH = '/minha-conta'
export type DigitalAccess = z.infer<typeof digitalAccessSchema>

export const orderStatusResponseSchema = z.object({
  success: z.boolean(),
  order: z.object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    total: z.number(),
    paymentMethod: z.string(),
    productType: z.enum(['PHYSICAL', 'DIGITAL']),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    digitalAccess: digitalAccessSchema.optional(),
    /** marketing: once paid, the access to each digital product added as an order bump. */
    bumpAccess: z.array(digitalAccessSchema).optional(),
    /** Only once paid: lets the buyer leave a verified-purchase review (reviews module). */
    reviewToken: z.string().optional(),
  }),
})
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>

export const storeOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  transactionId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  customerDocument: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** orderStatusLabel: the words every screen, the CSV and the e-mails use for this state. */
  statusLabel: z.string().optional(),
  paymentMethod: z.string(),
  paymentData: z.object({ method: z.string(), installments: z.number().nullable() }),
  /** The order's charge was paid after the order was cancelled: it stays cancelled; the merchant refunds or fulfils. */
  paidAfterCancel: z.object({ at: z.string(), transactionId: z.string().nullable() }).nullable().optional(),
  /** REFUNDED because the buyer's card was charged back (contestação), not refunded by the merchant. */
  chargeback: z.boolean().optional(),
  productType: z.enum(['PHYSICAL', 'DIGITAL']),
  subtotal: z.number(),
  shippingCost: z.number(),
  ...orderPricingFields,
  total: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippingAddress: z
    .object({
      street: z.string(),
      number: z.string(),
      complement: z.string().nullable(),
      neighborhood: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zipCode: z.string(),
    })
    .nullable(),
  shippingMethod: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  notes: z.string().nullable(),
  /** The ad attribution the buyer arrived with (UTM parameters, src, sck), as captured at checkout. */
  tracking: z.record(z.string(), z.string()),
  /** What was refunded of the order so far (reais); partial refunds keep its status. */
  refunded: z.number().optional(),
  items: z.array(
    z.object({
      /** The line's id: what a refund of one line names (itemId). */
      id: z.string().optional(),
      refunded: z.boolean().optional(),
      quantity: z.number(),
      /** The line total, in reais. */
      price: z.number(),
      /** What the buyer paid for the line: its total less its share of the coupon and method discounts (reais). */
      paid: z.number().optional(),
      unitPrice: z.number(),
      product: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
      /** marketing: the order bump this line came from (null: the checkout's own product). */
      bumpId: z.string().nullable().optional(),
    }),
  ),
})
export type StoreOrder = z.infer<typeof storeOrderSchema>

/** A row of the admin's platform orders screen: the store view plus the store it belongs to. */
export const platformOrderSchema = storeOrderSchema.extend({ storeId: z.string(), storeName: z.string() })
export type PlatformOrder = z.infer<typeof platformOrderSchema>

export const orderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Dashboards

export const recentOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number() })),
  paymentMethod: z.string(),
  storeName: z.string().optional(),
  createdAt: z.string(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** A REFUNDED order the buyer's card issuer charged back. */
  chargeback: z.boolean().optional(),
  /** Reais refunded so far: a paid order with refunds reads 'Parcialmente reembolsado'. */
  refunded: z.number().optional(),
})
export type RecentOrder = z.infer<typeof recentOrderSchema>

const trend = z.number().nullable()

export const storeDashboardSchema = z.object({
  period: z.enum(STORE_DASHBOARD_PERIODS),
  range: z.object({ from: z.string().nullable(), to: z.string() }),
  metrics: z.object({
    totalRevenue: z.number(),
    totalOrders: z.number(),
    averageOrderValue: z.number(),
    paidRevenue: z.number(),
    pendingRevenue: z.number(),
    paidOrdersCount: z.number(),
    pendingOrdersCount: z.number(),
    cancelledOrdersCount: z.number(),
    conversionRate: z.number(),
    pixOrdersCount: z.number(),
    cardOrdersCount: z.number(),
    boletoOrdersCount: z.number(),
    totalCustomers: z.number(),
    returningCustomers: z.number(),
    totalProducts: z.number(),
    revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number() })),
    recentOrders: z.array(recentOrderSchema),
    trends: z.object({ revenue: trend, orders: trend, averageOrderValue: trend, customers: trend }),
  }),
})
export type StoreDashboard = z.infer<typeof storeDashboardSchema>

export const adminDashboardSchema = z.object({
  period: z.enum(ADMIN_DASHBOARD_PERIODS),
  systemMetrics: z.object({
    totalRevenue: z.number(),
    totalOrders: z.number(),
    totalStores: z.number(),
    totalUsers: z.number(),
    activeStores: z.number(),
    platformFee: z.number(),
    platformFeePercentage: z.number(),
    averageOrderValue: z.number(),
    revenueTrend: trend,
    ordersTrend: trend,
    storesTrend: trend,
    usersTrend: trend,
    paymentMethods: z.array(
      z.object({ type: z.string(), name: z.string(), percentage: z.number(), value: z.number() }),
    ),
    averageRating: z.number().nullable(),
    deliveryRate: z.number().nullable(),
    customerSatisfaction: z.number().nullable(),
    totalViews: z.number().nullable(),
  }),
  topStores: z.array(
    z.object({ id: z.string(), name: z.string(), owner: z.string(), revenue: z.number(), orders: z.number() }),
  ),
  recentOrders: z.array(recentOrderSchema),
})
export type AdminDashboard = z.infer<typeof adminDashboardSchema>
