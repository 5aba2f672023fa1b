export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'REFUSED', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]
export const PAYMENT_METHODS = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
