/** The shapes a charge passes through between the service, its worker jobs and the card check (no code: no cycles). */
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config'
import type { Clock } from '../../platform/clock'
import type { Db as AnyDb } from '../../platform/db'
import type { JobQueue } from '../../platform/jobs'
import type { ChargeResult } from './contract'
import type { GatewayTransaction, GatewayTransport, SerializedGatewayError } from './gateway-client'
import type { KeptCard } from './keep-card'
import type { TransactionRow } from './repository'
import type { TransactionRowStatus } from './tables'

export type PaymentsDeps = {
  db: AnyDb
  jobs: JobQueue
  config: AppConfig
  /**
   * How this module's gateway calls travel when the composition names a transport (payments' own routes and jobs
   * carry the one app.ts hands the module; a test's fake gateway). Absent: the one `config` chooses (gateway.ts).
   */
  gatewayTransport?: GatewayTransport
  /** The time the saved cards' 30 minutes run by (a test's controlled clock); absent: the system's. */
  clock?: Clock
}
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
export type WorkerDeps = PaymentsDeps & { log: Log }

export type { KeptCard }
/** A gateway's answer to a charge, with the card to keep when it was approved on an account with cardOnFile. */
export type SentCharge = GatewayTransaction & { keep?: KeptCard }

export type CreateOutcome = { ok: true; result: ChargeResult } | { ok: false; error: SerializedGatewayError }

export type CreatingRow = Pick<
  TransactionRow,
  'id' | 'store_id' | 'order_ref' | 'method' | 'amount_cents' | 'installments' | 'request' | 'card_last4' | 'card_brand'
> & { status?: TransactionRowStatus; error_message?: string | null }
