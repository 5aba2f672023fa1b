/**
 * Orders: the checkout payload (one zod schema per step, shared by the buyer forms and the create-order routes),
 * order statuses and labels, the shapes the order and dashboard routes answer.
 */
import { z } from 'zod'
import {
  CARD_NUMBER_LENGTH,
  CEP_LENGTH,
  checkCardExpiry,
  isUf,
  isValidCep,
  isValidCpf,
  isValidCvv,
  isValidPhone,
  onlyDigits,
} from './br'

// ---------------------------------------------------------------------------------------------------------------
// Statuses and labels

export const ORDER_STATUSES = [
  'PENDING',
  'PAID',
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'REFUNDED',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pendente',
  PAID: 'Pago',
  PROCESSING: 'Processando',
  SHIPPED: 'Enviado',
  DELIVERED: 'Entregue',
  CANCELLED: 'Cancelado',
  REFUNDED: 'Reembolsado',
}

/** An unknown status is displayed as PENDING. */
export function normalizeOrderStatus(status: unknown): OrderStatus {
  return ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : 'PENDING'
}

/** Statuses whose money has been received (they count as paid revenue). */
export const PAID_STATUSES: readonly OrderStatus[] = ['PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED']

export const ORDER_PAYMENT_METHODS = ['PIX', 'CREDIT_CARD', 'BANK_SLIP'] as const
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number]

export const ORDER_PAYMENT_LABELS: Record<OrderPaymentMethod, string> = {
  PIX: 'PIX',
  CREDIT_CARD: 'Cartão de Crédito',
  BANK_SLIP: 'Boleto Bancário',
}

export function paymentMethodLabel(method: unknown): string {
  return ORDER_PAYMENT_LABELS[method as OrderPaymentMethod] ?? String(method ?? '--')
}

/** The checkout's method ids (keys of the public payment methods) and the order's method codes. */
export const CHECKOUT_METHOD_IDS = ['pix', 'credit_card', 'bank_slip'] as const
export type CheckoutMethodId = (typeof CHECKOUT_METHOD_IDS)[number]

export const METHOD_ID_TO_ORDER: Record<CheckoutMethodId, OrderPaymentMethod> = {
  pix: 'PIX',
  credit_card: 'CREDIT_CARD',
  bank_slip: 'BANK_SLIP',
}

/** Accepts 'pix' | 'PIX' | 'credit_card' | 'CREDIT_CARD' | 'card' | 'bank_slip' | 'BANK_SLIP' | 'boleto'. */
export function normalizeMethodId(value: unknown): CheckoutMethodId | undefined {
  if (typeof value !== 'string') return undefined
  const v = value.trim().toLowerCase()
  if (v === 'pix') return 'pix'
  if (v === 'credit_card' || v === 'card' || v === 'creditcard' || v === 'cartao') return 'credit_card'
  if (v === 'bank_slip' || v === 'boleto' || v === 'bankslip') return 'bank_slip'
  return undefined
}

export const MAX_INSTALLMENTS = 12

// ---------------------------------------------------------------------------------------------------------------
// Messages (spec 001 §5)

export const MSG = {
  nameRequired: 'Nome é obrigatório',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail inválido',
  phoneRequired: 'Telefone é obrigatório',
  phoneLength: 'Telefone deve ter 10 ou 11 dígitos',
  cpfRequired: 'CPF é obrigatório',
  cpfInvalid: 'CPF inválido',
  addressRequired: 'Endereço é obrigatório',
  numberRequired: 'Número é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  stateRequired: 'Estado é obrigatório',
  stateInvalid: 'Estado inválido',
  zipRequired: 'CEP é obrigatório',
  zipLength: 'CEP deve ter 8 dígitos',
  zipInvalid: 'CEP inválido',
  methodRequired: 'Selecione um método de envio',
  paymentRequired: 'Selecione uma forma de pagamento',
  cardNameRequired: 'Nome no cartão é obrigatório',
  cardNumberRequired: 'Número do cartão é obrigatório',
  cardNumberInvalid: 'Número do cartão inválido. Deve ter 16 dígitos',
  expiryRequired: 'Data de validade é obrigatória',
  expiryInvalid: 'Data de validade inválida. Use MM/AA',
  cardExpired: 'Cartão expirado',
  cvvRequired: 'CVV é obrigatório',
  cvvInvalid: 'CVV inválido',
  installmentsInvalid: 'Número de parcelas inválido',
  productUnavailable: 'Este produto não está disponível. Verifique se o link está correto.',
  soldOut: 'Produto esgotado',
  orderFailed: 'Ocorreu um erro ao finalizar seu pedido. Por favor, tente novamente.',
  gatewayUnavailable: 'Sistema de pagamento temporariamente indisponível',
} as const

// ---------------------------------------------------------------------------------------------------------------
// Checkout steps

const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: `Máximo de ${max} caracteres` })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo de ${max} caracteres` })
    .nullish()
    .transform((v) => v || null)

/** Keeps letters and single spaces only ("non-letters are stripped"). */
export function stripNonLetters(value: string): string {
  return value.replace(/[^\p{L}\s]/gu, '').replace(/\s+/g, ' ')
}

export const customerSchema = z.object({
  name: z
    .string({ error: MSG.nameRequired })
    .transform((v) => stripNonLetters(v).trim())
    .pipe(z.string().min(1, { error: MSG.nameRequired, abort: true }).max(120, { error: 'Máximo de 120 caracteres' })),
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, { error: MSG.emailRequired, abort: true })
    .max(254, { error: MSG.emailInvalid, abort: true })
    .pipe(z.email({ error: MSG.emailInvalid })),
  phone: z
    .string({ error: MSG.phoneRequired })
    .trim()
    .min(1, { error: MSG.phoneRequired, abort: true })
    .refine(isValidPhone, { error: MSG.phoneLength })
    .transform(onlyDigits),
  cpf: z
    .string({ error: MSG.cpfRequired })
    .trim()
    .min(1, { error: MSG.cpfRequired, abort: true })
    .refine(isValidCpf, { error: MSG.cpfInvalid })
    .transform(onlyDigits),
})
export type CustomerInput = z.input<typeof customerSchema>
export type Customer = z.output<typeof customerSchema>

export const zipCodeSchema = z
  .string({ error: MSG.zipRequired })
  .trim()
  .min(1, { error: MSG.zipRequired, abort: true })
  .refine((v) => onlyDigits(v).length === CEP_LENGTH, { error: MSG.zipLength, abort: true })
  .refine(isValidCep, { error: MSG.zipInvalid })
  .transform(onlyDigits)

const addressFields = z.object({
  zipCode: zipCodeSchema,
  address: text(MSG.addressRequired, 200),
  number: text(MSG.numberRequired, 20),
  complement: optionalText(100),
  neighborhood: optionalText(100),
  city: text(MSG.cityRequired, 100),
  state: z
    .string({ error: MSG.stateRequired })
    .trim()
    .min(1, { error: MSG.stateRequired, abort: true })
    .refine(isUf, { error: MSG.stateInvalid })
    .transform((v) => v.toUpperCase()),
})

/** The shipping step: the address plus the chosen option id (`street` and `shippingOptionId` accepted as aliases). */
export const shippingSchema = z.preprocess(
  (v) => {
    if (v && typeof v === 'object') {
      const o = v as { method?: unknown; shippingOptionId?: unknown; street?: unknown; address?: unknown }
      return { ...o, address: o.address || o.street, method: o.shippingOptionId || o.method }
    }
    return v
  },
  addressFields.extend({
    method: z.string({ error: MSG.methodRequired }).trim().min(1, { error: MSG.methodRequired }).max(100),
  }),
)
export type ShippingInput = z.input<typeof shippingSchema>
export type Shipping = z.output<typeof shippingSchema>

export interface CardFields {
  cardName?: string | null
  cardNumber?: string | null
  expiryDate?: string | null
  cvv?: string | null
}

/** The card rules of spec 001 §5, field by field (empty when the card is acceptable). */
export function cardErrors(card: CardFields, now: Date = new Date()): Partial<Record<keyof CardFields, string>> {
  const errors: Partial<Record<keyof CardFields, string>> = {}
  if (!card.cardName?.trim()) errors.cardName = MSG.cardNameRequired
  const number = onlyDigits(card.cardNumber)
  if (!number) errors.cardNumber = MSG.cardNumberRequired
  else if (number.length !== CARD_NUMBER_LENGTH) errors.cardNumber = MSG.cardNumberInvalid
  const expiry = card.expiryDate?.trim() ?? ''
  if (!expiry) errors.expiryDate = MSG.expiryRequired
  else {
    const check = checkCardExpiry(expiry, now)
    if (check === 'invalid') errors.expiryDate = MSG.expiryInvalid
    else if (check === 'expired') errors.expiryDate = MSG.cardExpired
  }
  const cvv = card.cvv?.trim() ?? ''
  if (!cvv) errors.cvv = MSG.cvvRequired
  else if (cvv.length < 3 || !isValidCvv(cvv)) errors.cvv = MSG.cvvInvalid
  return errors
}

export const paymentSchema = z
  .object({
    method: z.preprocess((v) => normalizeMethodId(v) ?? v, z.enum(CHECKOUT_METHOD_IDS, { error: MSG.paymentRequired })),
    cardName: z.string().nullish(),
    cardNumber: z.string().nullish(),
    expiryDate: z.string().nullish(),
    cvv: z.string().nullish(),
    installments: z.coerce
      .number({ error: MSG.installmentsInvalid })
      .int({ error: MSG.installmentsInvalid })
      .min(1, { error: MSG.installmentsInvalid })
      .max(MAX_INSTALLMENTS, { error: MSG.installmentsInvalid })
      .nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.method !== 'credit_card') return
    for (const [field, message] of Object.entries(cardErrors(p)))
      ctx.addIssue({ code: 'custom', path: [field], message })
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

/** The physical order payload (spec 001 §3). */
export const orderPayloadSchema = z.object({
  storeId: idField,
  productId: idField,
  customer: customerSchema,
  shipping: shippingSchema,
  payment: paymentSchema,
  ...ignoredPricing,
})
export type OrderPayload = z.input<typeof orderPayloadSchema>

/** The digital order payload: shipping arrives as placeholder data (state DG, zip 00000000) and is ignored. */
export const digitalOrderPayloadSchema = z.object({
  storeId: idField,
  productId: idField,
  customer: customerSchema,
  shipping: z.unknown().optional(),
  payment: paymentSchema,
  ...ignoredPricing,
})
export type DigitalOrderPayload = z.input<typeof digitalOrderPayloadSchema>

/** Placeholder shipping data the digital checkout sends (spec 001 §7). */
export const DIGITAL_SHIPPING_PLACEHOLDER = {
  address: 'Produto digital',
  number: '0',
  city: 'Digital',
  state: 'DG',
  zipCode: '00000000',
  method: 'digital',
} as const

// ---------------------------------------------------------------------------------------------------------------
// Shipping fallback: the buyer page offers FALLBACK_SHIPPING_OPTIONS (src/shared/checkout.ts) when the quote call
// fails or returns nothing. The server prices them (same amounts) only when the store has no active option for the
// CEP; otherwise an order naming one is rejected with this message.

export const SHIPPING_UNAVAILABLE = 'Opção de frete indisponível para este CEP. Selecione o frete novamente.'

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** Human order number: '#1001'. */
export function formatOrderNumber(n: number): string {
  return `#${n}`
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
      pixCode: z.string().nullable(),
      pixExpiresAt: z.string().nullable(),
      paymentUrl: z.string().nullable(),
      boletoUrl: z.string().nullable(),
      boletoLine: z.string().nullable(),
      sandbox: z.boolean(),
    })
    .nullable(),
  error: z.string().nullable(),
})
export type OrderResult = z.infer<typeof orderResultSchema>

export const digitalAccessSchema = z.object({
  productName: z.string(),
  url: z.string(),
  expiresAt: z.string(),
})
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
  paymentMethod: z.string(),
  paymentData: z.object({ method: z.string(), installments: z.number().nullable() }),
  productType: z.enum(['PHYSICAL', 'DIGITAL']),
  subtotal: z.number(),
  shippingCost: z.number(),
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
  items: z.array(
    z.object({
      quantity: z.number(),
      /** The line total, in reais. */
      price: z.number(),
      unitPrice: z.number(),
      product: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
    }),
  ),
})
export type StoreOrder = z.infer<typeof storeOrderSchema>

export const orderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Dashboards

export const STORE_DASHBOARD_PERIODS = ['today', 'yesterday', '7days', '30days', '90days', '1year', 'all'] as const
export type StoreDashboardPeriod = (typeof STORE_DASHBOARD_PERIODS)[number]
export const ADMIN_DASHBOARD_PERIODS = ['7days', '30days', '90days', '1year'] as const
export type AdminDashboardPeriod = (typeof ADMIN_DASHBOARD_PERIODS)[number]

export const PERIOD_LABELS: Record<StoreDashboardPeriod, string> = {
  today: 'Hoje',
  yesterday: 'Ontem',
  '7days': 'Últimos 7 dias',
  '30days': 'Últimos 30 dias',
  '90days': 'Últimos 90 dias',
  '1year': 'Último ano',
  all: 'Todo o período',
}

/** Revenue milestones on all-time paid revenue, in reais (spec 000 §9). */
export const REVENUE_MILESTONES = [10_000, 100_000, 1_000_000] as const

export const PLATFORM_FEE_PERCENTAGE = 5

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
