import { z } from 'zod'
import { paymentInstructionFields, timestamps } from './fields'

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export const PAYMENT_METHODS = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Where the gateway posts status changes (shown read-only to the merchant, after PUBLIC_URL). */
export const WEBHOOK_CALLBACK_PATH = '/api/payment/ativo-pay/webhook/callback'

export const INSTALLMENTS_MIN = 1
export const INSTALLMENTS_MAX = 24
export const INSTALLMENTS_DEFAULT = 12
export const BOLETO_DAYS_MIN = 1
export const BOLETO_DAYS_MAX = 30
export const BOLETO_DAYS_DEFAULT = 3
export const PIX_EXPIRATION_DAYS = 1
export { COPY_FEEDBACK_MS, PIX_COUNTDOWN_SECONDS } from './pix-screen'

/** Spec 002 §8 messages. */
export const PAYMENT_MESSAGES = {
  loadError: 'Erro ao carregar configuração',
  invalidKey: 'API Key inválida ou não configurada',
  connectError: 'Erro ao conectar com Ativo Pay',
  saveError: 'Erro ao salvar configuração',
  noStore: 'Nenhuma loja selecionada',
  notConfigured: 'Sistema de pagamento não configurado para esta loja.',
  unavailable: 'Sistema de pagamento temporariamente indisponível',
  storeIdRequired: 'ID da loja é obrigatório para verificar configurações de pagamento',
  apiKeyRequired: 'API Key é obrigatória',
  installmentsRange: 'O número máximo de parcelas deve estar entre 1 e 24',
  boletoDaysRange: 'O vencimento do boleto deve estar entre 1 e 30 dias',
  methodDiscountRange: 'O desconto deve estar entre 0% e 90%',
  interestFreeRange: 'Parcelas sem juros deve estar entre 1 e o número máximo de parcelas',
  interestRateRange: 'A taxa de juros deve estar entre 0% e 10% ao mês',
} as const

/** A stored key comes back masked with this character; posting the masked value back keeps the stored key. */
export const MASK_CHAR = '•'
export const isMaskedKey = (value: string) => value.includes(MASK_CHAR)

export const METHOD_DISCOUNT_MAX = 90
export const INTEREST_RATE_MAX = 10

const percentInRange = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, message)

const intInRange = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

/** The merchant's payment configuration form (spec 002 §3, §5); the route validates the same schema. */
export const paymentConfigInputSchema = z
  .object({
    ativoPayApiKey: z
      .string({ error: PAYMENT_MESSAGES.apiKeyRequired })
      .trim()
      .min(1, PAYMENT_MESSAGES.apiKeyRequired)
      .max(200, 'API Key muito longa'),
    pixEnabled: z.boolean().default(true),
    creditCardEnabled: z.boolean().default(true),
    boletoEnabled: z.boolean().default(true),
    creditCardMaxInstallments: intInRange(
      INSTALLMENTS_MIN,
      INSTALLMENTS_MAX,
      PAYMENT_MESSAGES.installmentsRange,
    ).default(INSTALLMENTS_DEFAULT),
    boletoExpirationDays: intInRange(BOLETO_DAYS_MIN, BOLETO_DAYS_MAX, PAYMENT_MESSAGES.boletoDaysRange).default(
      BOLETO_DAYS_DEFAULT,
    ),
    /** Percent off for paying with PIX / boleto ('5% OFF'), two decimals. */
    pixDiscountPercent: percentInRange(METHOD_DISCOUNT_MAX, PAYMENT_MESSAGES.methodDiscountRange).default(0),
    boletoDiscountPercent: percentInRange(METHOD_DISCOUNT_MAX, PAYMENT_MESSAGES.methodDiscountRange).default(0),
    /** 'Sem juros até' M installments (M ≤ the maximum); null = every plan without interest. */
    interestFreeInstallments: intInRange(INSTALLMENTS_MIN, INSTALLMENTS_MAX, PAYMENT_MESSAGES.interestFreeRange)
      .nullable()
      .default(null),
    /** Monthly interest (% a.m.) on the plans above M, two decimals. */
    monthlyInterestPercent: percentInRange(INTEREST_RATE_MAX, PAYMENT_MESSAGES.interestRateRange).default(0),
  })
  .superRefine((c, ctx) => {
    if (c.interestFreeInstallments != null && c.interestFreeInstallments > c.creditCardMaxInstallments)
      ctx.addIssue({ code: 'custom', path: ['interestFreeInstallments'], message: PAYMENT_MESSAGES.interestFreeRange })
  })
export type PaymentConfigInput = z.input<typeof paymentConfigInputSchema>

export const paymentConfigSchema = z.object({
  storeId: z.string(),
  /** Masked ('sk_s••••••••1234') or '' when none is stored. */
  ativoPayApiKey: z.string(),
  hasApiKey: z.boolean(),
  ativoPayActive: z.boolean(),
  ativoPayWebhookUrl: z.string(),
  /** False when PUBLIC_URL is not set: the address above is this server's local default, unreachable to a gateway. */
  webhookUrlPublic: z.boolean(),
  pixEnabled: z.boolean(),
  creditCardEnabled: z.boolean(),
  boletoEnabled: z.boolean(),
  creditCardMaxInstallments: z.number(),
  boletoExpirationDays: z.number(),
  pixDiscountPercent: z.number(),
  boletoDiscountPercent: z.number(),
  interestFreeInstallments: z.number().nullable(),
  monthlyInterestPercent: z.number(),
  lastCheckedAt: z.string().nullable(),
  lastCheckError: z.string().nullable(),
  /** The built-in sandbox answers instead of a real gateway (keys start with sk_sandbox_). */
  sandbox: z.boolean(),
})
export type PaymentConfig = z.infer<typeof paymentConfigSchema>

export const publicPaymentMethodsSchema = z.object({
  pix: z.object({
    enabled: z.boolean(),
    name: z.string(),
    expirationDays: z.number(),
    /** Percent off when paying with this method (0 = none). */
    discountPercent: z.number(),
  }),
  credit_card: z.object({
    enabled: z.boolean(),
    name: z.string(),
    /** The store keeps an approved card (a gateway token) for one-click purchases: the card step says so. */
    cardOnFile: z.boolean().optional(),
    /** A digital order's card step asks 'CEP do titular' and 'Número' (the gateway needs the holder's address). */
    holderAddress: z.boolean().optional(),
    maxInstallments: z.number(),
    installments: z.object({
      max: z.number(),
      /** Plans up to this many installments carry no interest. */
      interestFree: z.number(),
      /** % a.m. on the longer plans. */
      monthlyRatePercent: z.number(),
    }),
  }),
  bank_slip: z.object({
    enabled: z.boolean(),
    name: z.string(),
    expirationDays: z.number(),
    discountPercent: z.number(),
  }),
})
export type PublicPaymentMethods = z.infer<typeof publicPaymentMethodsSchema>

export const healthSchema = z.object({
  status: z.literal('healthy'),
  configured: z.boolean(),
  sandbox: z.boolean(),
})

export const transactionSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  orderRef: z.string(),
  gatewayId: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  /** Reais (two decimals) on the wire. */
  amount: z.number(),
  amountCents: z.number(),
  status: z.string(),
  ...paymentInstructionFields,
  expiresAt: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  refusedReason: z.string().nullable(),
  errorMessage: z.string().nullable(),
  sandbox: z.boolean(),
  paidAt: z.string().nullable(),
  ...timestamps,
})
export type PaymentTransactionDto = z.infer<typeof transactionSchema>

const digits = (v: string) => v.replace(/\D/g, '')

/** The test page's transaction request (spec 001 §3 "PIX transaction request"), amounts in cents. */
export const transactionRequestSchema = z.object({
  storeId: z.string().optional(),
  orderRef: z.string().trim().min(1).max(100).optional(),
  amount: z.number({ error: 'Valor é obrigatório' }).int('Valor em centavos').min(1, 'Valor deve ser maior que zero'),
  currency: z.literal('BRL').default('BRL'),
  paymentMethod: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(PAYMENT_METHODS, { error: 'Método de pagamento inválido' })),
  pix: z.object({ expiresInDays: z.number().int().min(1).max(30) }).optional(),
  customer: z.object({
    name: z.string().trim().min(1, 'Nome é obrigatório'),
    email: z.email('E-mail inválido'),
    phone: z
      .string()
      .transform(digits)
      .pipe(z.string().regex(/^\d{10,11}$/, 'Telefone deve ter 10 ou 11 dígitos')),
    document: z.object({
      type: z.string().default('CPF'),
      number: z.string().transform(digits).pipe(z.string().length(11, 'CPF inválido')),
    }),
  }),
  items: z
    .array(
      z.object({
        title: z.string().trim().min(1),
        quantity: z.number().int().min(1),
        unitPrice: z.number().int().min(0),
        tangible: z.boolean().default(false),
        externalRef: z.string().default(''),
      }),
    )
    .min(1, 'Informe ao menos um item'),
  card: z
    .object({
      number: z.string().transform(digits),
      holderName: z.string().trim().min(1, 'Nome no cartão é obrigatório'),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int(),
      cvv: z.string().regex(/^\d{3,4}$/, 'CVV inválido'),
    })
    .optional(),
  installments: z.number().int().min(1).max(INSTALLMENTS_MAX).optional(),
  ip: z.string().optional(),
})
export type TransactionRequest = z.input<typeof transactionRequestSchema>

export const STATUS_LABELS: Record<string, string> = {
  CREATING: 'Criando',
  FAILED: 'Falhou',
  PENDING: 'Aguardando pagamento',
  PAID: 'Pago',
  REFUSED: 'Recusado',
  EXPIRED: 'Expirado',
  CANCELLED: 'Cancelado',
  REFUNDED: 'Estornado',
}
