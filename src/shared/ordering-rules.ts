/**
 * The checkout's rules and words without any dependency: statuses and labels, the spec 001 §5 messages and the
 * field checks. The buyer pages import only this file (zod would add ~38 KB gzip to a page with a 120 KB budget);
 * the zod schemas in ordering.ts call these same functions, so browser and server judge a field identically.
 */
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

/**
 * What a REFUNDED order charged back by the buyer's card issuer reads as: the same status for every rule, but a
 * contestação is not a refund the merchant chose, and their records must say so.
 */
export const CHARGEBACK_LABEL = 'Chargeback'

/** A paid order of which part (not all) was refunded: its status stays paid, its label says so. */
export const PARTIALLY_REFUNDED_LABEL = 'Parcialmente reembolsado'

export interface StatusFacts {
  /** REFUNDED because the buyer's card issuer charged it back. */
  chargeback?: boolean
  /** Anything refunded so far (cents or reais: only > 0 matters). */
  refunded?: number
}

/**
 * The one name of an order's state that every surface shows (sales screen, orders screen, dashboard, CSV, e-mails,
 * API): a wholly refunded order is 'Reembolsado' (or 'Chargeback'), a partly refunded paid one says so.
 */
export function orderStatusLabel(status: unknown, facts: StatusFacts = {}): string {
  const s = normalizeOrderStatus(status)
  if (s === 'REFUNDED') return facts.chargeback ? CHARGEBACK_LABEL : ORDER_STATUS_LABELS.REFUNDED
  if ((facts.refunded ?? 0) > 0 && PAID_STATUSES.includes(s))
    return s === 'PAID' || s === 'PROCESSING'
      ? PARTIALLY_REFUNDED_LABEL
      : `${ORDER_STATUS_LABELS[s]} (${PARTIALLY_REFUNDED_LABEL.toLowerCase()})`
  return ORDER_STATUS_LABELS[s]
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

/** The most installments any store may allow (payments' settings: 1–24); the store's own maximum is checked too. */
export const MAX_INSTALLMENTS = 24

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
// Field rules (spec 001 §5): each returns { field: message } for what is wrong, {} when all is well

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** Keeps letters and single spaces only ("non-letters are stripped"). */
export function stripNonLetters(value: string): string {
  return value.replace(/[^\p{L}\s]/gu, '').replace(/\s+/g, ' ')
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

const blank = (v: string | null | undefined) => !v?.trim()

export interface CustomerFields {
  name?: string | null
  email?: string | null
  phone?: string | null
  cpf?: string | null
}

export function customerErrors(c: CustomerFields): FieldErrors<keyof CustomerFields> {
  const errors: FieldErrors<keyof CustomerFields> = {}
  const name = stripNonLetters(c.name ?? '').trim()
  if (!name) errors.name = MSG.nameRequired
  else if (name.length > 120) errors.name = 'Máximo de 120 caracteres'
  if (blank(c.email)) errors.email = MSG.emailRequired
  else if (!isValidEmail((c.email ?? '').trim())) errors.email = MSG.emailInvalid
  if (blank(c.phone)) errors.phone = MSG.phoneRequired
  else if (!isValidPhone(c.phone)) errors.phone = MSG.phoneLength
  if (blank(c.cpf)) errors.cpf = MSG.cpfRequired
  else if (!isValidCpf(c.cpf)) errors.cpf = MSG.cpfInvalid
  return errors
}

export function normalizeCustomer(c: CustomerFields) {
  return {
    name: stripNonLetters(c.name ?? '').trim(),
    email: (c.email ?? '').trim(),
    phone: onlyDigits(c.phone),
    cpf: onlyDigits(c.cpf),
  }
}

export function zipCodeError(zip: string | null | undefined): string | undefined {
  if (blank(zip)) return MSG.zipRequired
  if (onlyDigits(zip).length !== CEP_LENGTH) return MSG.zipLength
  if (!isValidCep(zip)) return MSG.zipInvalid
  return undefined
}

export interface ShippingFields {
  zipCode?: string | null
  address?: string | null
  number?: string | null
  complement?: string | null
  neighborhood?: string | null
  city?: string | null
  state?: string | null
  method?: string | null
}

const tooLong = (v: string | null | undefined, max: number) => (v ?? '').trim().length > max

export function shippingErrors(s: ShippingFields): FieldErrors<keyof ShippingFields> {
  const errors: FieldErrors<keyof ShippingFields> = {}
  const zip = zipCodeError(s.zipCode)
  if (zip) errors.zipCode = zip
  if (blank(s.address)) errors.address = MSG.addressRequired
  else if (tooLong(s.address, 200)) errors.address = 'Máximo de 200 caracteres'
  if (blank(s.number)) errors.number = MSG.numberRequired
  else if (tooLong(s.number, 20)) errors.number = 'Máximo de 20 caracteres'
  if (tooLong(s.complement, 100)) errors.complement = 'Máximo de 100 caracteres'
  if (tooLong(s.neighborhood, 100)) errors.neighborhood = 'Máximo de 100 caracteres'
  if (blank(s.city)) errors.city = MSG.cityRequired
  else if (tooLong(s.city, 100)) errors.city = 'Máximo de 100 caracteres'
  if (blank(s.state)) errors.state = MSG.stateRequired
  else if (!isUf((s.state ?? '').trim())) errors.state = MSG.stateInvalid
  if (blank(s.method)) errors.method = MSG.methodRequired
  return errors
}

export function normalizeShipping(s: ShippingFields) {
  const opt = (v: string | null | undefined) => v?.trim() || null
  return {
    zipCode: onlyDigits(s.zipCode),
    address: (s.address ?? '').trim(),
    number: (s.number ?? '').trim(),
    complement: opt(s.complement),
    neighborhood: opt(s.neighborhood),
    city: (s.city ?? '').trim(),
    state: (s.state ?? '').trim().toUpperCase(),
    method: (s.method ?? '').trim(),
  }
}

export interface CardFields {
  cardName?: string | null
  cardNumber?: string | null
  expiryDate?: string | null
  cvv?: string | null
}

/** The card rules of spec 001 §5, field by field (empty when the card is acceptable). */
export function cardErrors(card: CardFields, now: Date = new Date()): FieldErrors<keyof CardFields> {
  const errors: FieldErrors<keyof CardFields> = {}
  if (blank(card.cardName)) errors.cardName = MSG.cardNameRequired
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

// ---------------------------------------------------------------------------------------------------------------
// Shipping fallback (spec 001 §4): offered by the buyer page when the quote call fails or returns nothing. The
// server prices them (these amounts) only when the store has no active option for the CEP; otherwise an order
// naming one is rejected with SHIPPING_UNAVAILABLE.

export const FALLBACK_SHIPPING = [
  {
    id: 'fallback-padrao',
    name: 'Padrão',
    description: null,
    price: 10,
    originalPrice: 10,
    isFree: false,
    estimatedDelivery: '5-7 dias úteis',
    estimatedDays: 7,
  },
  {
    id: 'fallback-expresso',
    name: 'Expresso',
    description: null,
    price: 25,
    originalPrice: 25,
    isFree: false,
    estimatedDelivery: '1-2 dias úteis',
    estimatedDays: 2,
  },
] as const

export const SHIPPING_UNAVAILABLE = 'Opção de frete indisponível para este CEP. Selecione o frete novamente.'

/** Placeholder shipping data the digital checkout sends (spec 001 §7); the server ignores it. */
export const DIGITAL_SHIPPING_PLACEHOLDER = {
  address: 'Produto digital',
  number: '0',
  city: 'Digital',
  state: 'DG',
  zipCode: '00000000',
  method: 'digital',
} as const

/** Human order number: '#1001'. */
export function formatOrderNumber(n: number): string {
  return `#${n}`
}

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
