import type { Clock } from '../../platform/clock'
import type { PaymentsDeps } from '../payments'
import type { Db } from './tables'

/** What the billing engine and its per-method steps (card, invoice, PIX Automático) work with. */
export interface BillingDeps {
  db: Db
  clock: Clock
  payments: PaymentsDeps
}
