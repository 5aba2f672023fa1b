import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config'
import type { Db } from '../../platform/db'
import { AppError } from '../../platform/errors'
import type { JobQueue } from '../../platform/jobs'
import type { ChargeRequest, ChargeResult, PublicPaymentMethods } from './contract'

export type PaymentsDeps =
  | Pick<FastifyInstance, 'db' | 'jobs' | 'config'>
  | { db: Db; jobs: JobQueue; config: AppConfig }

/**
 * Creates a charge at the store's gateway (runs as a job and waits ≤ 30 s).
 * Throws AppError 422 'Sistema de pagamento não configurado para esta loja.' (no active key / method disabled),
 * 503 'Sistema de pagamento temporariamente indisponível' (gateway unreachable or slow),
 * 400 with the gateway's text or 'Dados inválidos' (gateway validation).
 * A refused card does NOT throw: the result has status 'REFUSED'.
 */
export async function createCharge(_deps: PaymentsDeps, _req: ChargeRequest): Promise<ChargeResult> {
  throw new AppError(422, 'Sistema de pagamento não configurado para esta loja.')
}

export async function publicMethods(_db: Db, _storeId: string): Promise<PublicPaymentMethods> {
  return {
    pix: { enabled: false, name: 'PIX', expirationDays: 1 },
    credit_card: { enabled: false, name: 'Cartão de Crédito', maxInstallments: 12 },
    bank_slip: { enabled: false, name: 'Boleto Bancário', expirationDays: 3 },
  }
}
