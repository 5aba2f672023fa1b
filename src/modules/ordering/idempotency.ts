import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db'
import { AppError } from '../../platform/errors'
import * as repo from './repository'

export const KEY_REUSED = 'Esta chave de idempotência já foi usada para outro pedido.'
export const STILL_RUNNING = 'Seu pedido ainda está sendo processado. Aguarde alguns segundos.'
export const KEY_INVALID = 'Idempotency-Key inválida'

/** Longer than the slowest charge (30 s) plus the order transaction. */
const WAIT_FOR_FIRST_MS = 40_000
/** A key claimed this long ago without an answer belongs to a request that died. */
const STALE_AFTER_MS = 120_000
/** Answers are kept this long; a retry comes within seconds or minutes. */
const KEEP_MS = 24 * 60 * 60 * 1000

function fingerprint(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url')
}

/**
 * Runs `work` once per Idempotency-Key. The first request claims the key (a primary-key insert, so two concurrent
 * duplicates cannot both win), runs, and stores its answer; a repeat gets that answer (`idempotent-replayed: true`),
 * waiting for it while the first is still running. A 5xx is not stored, so a retry after an outage runs again.
 */
export async function withIdempotency<T>(
  db: Db,
  scope: string,
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  const header = request.headers['idempotency-key']
  if (header === undefined) return work()
  const key = Array.isArray(header) ? header[0] : header
  if (!key || key.length > 200) throw new AppError(400, KEY_INVALID)
  const print = fingerprint(request.body)
  // Housekeeping without a scheduler: about one request in a hundred drops the expired keys.
  if (Math.random() < 0.01)
    void repo
      .purgeIdempotencyKeys(db, new Date(Date.now() - KEEP_MS))
      .catch((err) => request.log.warn({ err }, 'idempotency purge failed'))

  if (await repo.claimIdempotencyKey(db, scope, key, print, STALE_AFTER_MS)) {
    try {
      const result = await work()
      await repo.storeIdempotentAnswer(db, scope, key, { statusCode: 200, body: result })
      return result
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) {
        const body = { statusCode: err.statusCode, message: err.message, ...(err.errors ? { errors: err.errors } : {}) }
        await repo.storeIdempotentAnswer(db, scope, key, { statusCode: err.statusCode, body })
      } else {
        await repo.releaseIdempotencyKey(db, scope, key)
      }
      throw err
    }
  }

  const deadline = Date.now() + WAIT_FOR_FIRST_MS
  for (;;) {
    const stored = await repo.readIdempotencyKey(db, scope, key)
    if (stored && stored.fingerprint !== print) throw new AppError(422, KEY_REUSED)
    if (stored?.status_code) {
      return reply.status(stored.status_code).header('idempotent-replayed', 'true').send(stored.response)
    }
    // The first request failed with a 5xx and gave the key up: this one runs it again.
    if (!stored) return withIdempotency(db, scope, request, reply, work)
    if (Date.now() > deadline) throw new AppError(409, STILL_RUNNING)
    await new Promise((r) => setTimeout(r, 100))
  }
}
