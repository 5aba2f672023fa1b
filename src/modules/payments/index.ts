import type { AppModule } from '../types'
import { createCharge, publicMethods } from './service'

export type { ChargeRequest, ChargeResult, PaymentMethod, PaymentStatus, PublicPaymentMethods } from './contract'
export { paymentStatusChanged } from './events'
export type { PaymentsDeps } from './service'

/** What other modules may call. */
export const paymentsService = { createCharge, publicMethods }

export const paymentsModule: AppModule = { name: 'payments' }
