import type { Clock } from '../../platform/clock'
import type { PaymentsDeps } from '../payments'
import type { Db } from './tables'

/** What the billing engine and its per-method steps (card, invoice, PIX Automático) work with. */
export interface BillingDeps {
  db: Db
  clock: Clock
  payments: PaymentsDeps
  /**
   * Called when a worker scan claims due cycles (a backlog, not an empty pass): the worker's job gives its process's
   * CPU to the billing lanes from then on (JobQueue.holdBack), released when the run ends.
   */
  onBacklog?: () => void
}
