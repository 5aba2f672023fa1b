import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors'
import type { OrderResult } from '../../shared/ordering'
import type { OrderingDeps } from './deps'
import { resumeOrder } from './order-charge'
import * as repo from './repository'
import { KeyTaken } from './repository'

export const KEY_REUSED = 'Esta chave de idempotência já foi usada para outro pedido.'
export const STILL_RUNNING = 'Seu pedido ainda está sendo processado. Aguarde alguns segundos.'
export const KEY_INVALID = 'Idempotency-Key inválida'

/** Longer than the slowest charge (30 s) plus the lease a dead request's charge keeps (payments CREATE_LEASE_MS). */
const WAIT_FOR_FIRST_MS = 45_000
/** A key from before keys named their order, claimed this long ago without an answer, belongs to a dead request. */
const LEGACY_STALE_MS = 120_000
/** Answers are kept this long; a retry comes within seconds or minutes. */
const KEEP_MS = 24 * 60 * 60 * 1000

function fingerprint(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url')
}

/**
 * Places an order once per Idempotency-Key. The key is claimed inside the order's own transaction, naming the
 * order: there is never a claimed key without its order, nor an order of a key without the key. A repeat gets the
 * stored answer (`idempotent-replayed: true`); if the first request died after its commit, the repeat finishes that
 * same order from its charge (resumeOrder) instead of waiting for an answer nobody will write. Validation errors
 * (before any order exists) are not stored: a retry meets the same rules again.
 */
export async function placeOrderOnce(
  deps: OrderingDeps,
  scope: string,
  request: FastifyRequest,
  reply: FastifyReply,
  place: (claim?: repo.IdempotencyClaim) => Promise<OrderResult>,
): Promise<OrderResult | FastifyReply> {
  const header = request.headers['idempotency-key']
  if (header === undefined) return place()
  const key = Array.isArray(header) ? header[0] : header
  if (!key || key.length > 200) throw new AppError(400, KEY_INVALID)
  const claim = { scope, key, fingerprint: fingerprint(request.body) }
  // Housekeeping without a scheduler: about one request in a hundred drops the expired keys.
  if (Math.random() < 0.01)
    void repo
      .purgeIdempotencyKeys(deps.db, new Date(Date.now() - KEEP_MS))
      .catch((err) => request.log.warn({ err }, 'idempotency purge failed'))

  const deadline = Date.now() + WAIT_FOR_FIRST_MS
  for (;;) {
    try {
      return await place(claim)
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err
    }
    for (;;) {
      const stored = await repo.readIdempotencyKey(deps.db, scope, key)
      // Given up meanwhile (the first order failed with a 5xx): this request places the order again.
      if (!stored) break
      if (stored.fingerprint !== claim.fingerprint) throw new AppError(422, KEY_REUSED)
      if (stored.status_code)
        return reply.status(stored.status_code).header('idempotent-replayed', 'true').send(stored.response)
      if (stored.order_id) {
        const result = await resumeOrder(deps, stored.order_id, claim, { buyerWaiting: true })
        if (result) return reply.status(200).header('idempotent-replayed', 'true').send(result)
      } else if (stored.created_at.getTime() < Date.now() - LEGACY_STALE_MS) {
        await repo.releaseIdempotencyKey(deps.db, scope, key)
        break
      }
      if (Date.now() > deadline) throw new AppError(409, STILL_RUNNING)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}
