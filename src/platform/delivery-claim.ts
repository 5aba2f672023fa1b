/**
 * One delivery pattern for everything that leaves (UTMify, Conversions API, e-mail, merchant webhooks): a row per
 * (subject, kind) under a unique key, claimed before the call, the attempt recorded after it, retried with a backoff
 * longer than the stale-claim window, and swept when the worker holding a claim died.
 *
 * How a new channel adopts it:
 *  1. Its table has the key columns under a unique constraint plus `id uuid`, `state text` (at least SENDING, RETRY,
 *     SENT, FAILED), `attempts integer default 0`, `claimed_at timestamptz`, `http_status integer`, `error text`,
 *     `sent_at timestamptz`, and an index on `(claimed_at) where state = 'SENDING'` for the sweeper.
 *  2. It declares a `DeliveryChannel` (table, key columns, the states a job may take again) with
 *     `staleMs: config.DELIVERY_CLAIM_STALE_MS` — longer than the call's own timeout, so a slow call is never taken
 *     for a dead one.
 *  3. Its job calls `claimDelivery` before the call: `claimed` → send, then `settleDelivery` with the outcome (RETRY
 *     and throw to retry, FAILED on a permanent error or the last try); `settled` → nothing to do; `busy` → throw so
 *     the job retries later. The job's attempts are `DELIVERY_JOB_ATTEMPTS`, whose backoff outlasts the stale window.
 *  4. It registers a periodic sweeper job (`everyMs: DELIVERY_SWEEP_EVERY_MS`) that lists `staleClaims` and
 *     re-queues its delivery job for each, with `sweepJobId` as job id.
 *
 * Why nothing is sent twice by the re-queue: a claim is one atomic `insert … on conflict do update … where` that only
 * takes a row which is new, waiting for a retry, or SENDING for longer than the stale window; of several jobs for the
 * same row exactly one wins, and a settle only lands on the claim it was given (same attempt). Why nothing is lost:
 * a claim whose worker died is SENDING with an old `claimed_at`, which both the job's later tries and the sweeper take.
 */
import type { FastifyBaseLogger } from 'fastify'
import { type Generated, sql } from 'kysely'
import type { AppConfig } from '../config'
import type { DbOrTrx } from './db'
import type { JobContext } from './jobs'

export interface DeliveryChannel {
  table: string
  /** The unique key of one delivery: the subject and the kind (order and status, order and event, …). */
  key: readonly string[]
  /** States a job may claim besides a stale SENDING: RETRY, and PENDING where a merchant's resend reopens a row. */
  claimable: readonly string[]
  /** A SENDING row claimed longer ago than this belongs to a worker that died. */
  staleMs: number
}

/** What a channel's sending code is given by the worker (or by the route that sends a test), its transport aside. */
export interface ChannelDeps<D> {
  db: D
  config: AppConfig
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** Counts failed calls for the metrics (the worker passes its own). */
  metrics?: JobContext['metrics']
}

/** The columns every delivery table has. */
export interface DeliveryBase {
  id: string
  state: string
  attempts: number
  claimed_at: Date | null
}

/** The table columns of step 1 as a Kysely table type: a channel's table is these plus its key and its own. */
export interface DeliveryColumns<State extends string> {
  id: Generated<string>
  state: Generated<State>
  attempts: Generated<number>
  claimed_at: Date | null
  http_status: number | null
  error: string | null
  sent_at: Date | null
  created_at: Generated<Date>
}

export type DeliveryClaim<Row> = { kind: 'claimed'; row: Row } | { kind: 'settled'; row: Row } | { kind: 'busy' }

export interface DeliveryOutcome {
  state: string
  http_status: number | null
  error: string | null
  sent_at?: Date | null
}

/**
 * The outcome of an attempt that failed with `error`: a timeout or 5xx (`unavailable`) is tried again unless this
 * was the job's last try, when the log says it was given up; anything else (the receiver refused it) is final.
 */
export function failedAttempt(
  error: { kind: string; message: string; httpStatus: number | null },
  lastAttempt: boolean | undefined,
): { retry: boolean; outcome: DeliveryOutcome & { state: 'RETRY' | 'FAILED' } } {
  const retry = error.kind === 'unavailable' && !lastAttempt
  const gaveUp = error.kind === 'unavailable' && !retry
  return {
    retry,
    outcome: {
      state: retry ? 'RETRY' : 'FAILED',
      http_status: error.httpStatus,
      error: gaveUp ? `${error.message} (desistimos após várias tentativas)` : error.message,
    },
  }
}

/**
 * Tries of a delivery job. With the queue's doubling backoff (1 s base in production) the last one comes about two
 * minutes after the first, well after the 30 s stale window: a job that found the claim busy outlives it.
 */
export const DELIVERY_JOB_ATTEMPTS = 8
/** How often each channel's sweeper looks for stale claims. */
export const DELIVERY_SWEEP_EVERY_MS = 15_000

/** Total wait of a job's retries: the sum of its doubling backoffs. */
export function retryScheduleMs(attempts: number, backoffMs: number): number {
  return backoffMs * (2 ** Math.max(0, attempts - 1) - 1)
}

const tbl = (c: DeliveryChannel) => sql.table(c.table)
const col = (c: DeliveryChannel, name: string) => sql.ref(`${c.table}.${name}`)
const staleBefore = (c: DeliveryChannel) => sql`now() - (${c.staleMs} * interval '1 millisecond')`

/**
 * Takes the delivery named by `values` (its key columns and whatever a new row needs) for this worker: a new one,
 * one in a claimable state, or one whose claim went stale, becomes SENDING with one more attempt. Anything else is
 * `busy` (a fresh SENDING: another worker is on it) or `settled` (SENT, FAILED, SKIPPED…).
 */
export async function claimDelivery<Row extends DeliveryBase>(
  db: DbOrTrx,
  channel: DeliveryChannel,
  values: Record<string, unknown>,
): Promise<DeliveryClaim<Row>> {
  const cols = Object.keys(values)
  const claimed = await sql<Row>`
    insert into ${tbl(channel)} (${sql.join(cols.map((c) => sql.ref(c)))}, state, attempts, claimed_at)
    values (${sql.join(cols.map((c) => values[c]))}, 'SENDING', 1, now())
    on conflict (${sql.join(channel.key.map((c) => sql.ref(c)))}) do update
      set state = 'SENDING', claimed_at = now(), attempts = ${col(channel, 'attempts')} + 1
      where ${col(channel, 'state')} in (${sql.join([...channel.claimable])})
         or (${col(channel, 'state')} = 'SENDING' and ${col(channel, 'claimed_at')} < ${staleBefore(channel)})
    returning *`.execute(db)
  const row = claimed.rows[0]
  if (row) return { kind: 'claimed', row }
  const where = sql.join(
    channel.key.map((c) => sql`${sql.ref(c)} = ${values[c]}`),
    sql` and `,
  )
  const existing = await sql<Row>`select * from ${tbl(channel)} where ${where}`.execute(db)
  const current = existing.rows[0]
  // Gone between the two statements (its store deleted): nothing left to send.
  if (!current) return { kind: 'busy' }
  return current.state === 'SENDING' ? { kind: 'busy' } : { kind: 'settled', row: current }
}

/**
 * Records the outcome of the attempt a claim was given. A claim that went stale and was taken by another worker is
 * not overwritten by its late first owner: false then, and the caller must not act on its outcome.
 */
export async function settleDelivery(
  db: DbOrTrx,
  channel: DeliveryChannel,
  claim: Pick<DeliveryBase, 'id' | 'attempts'>,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  const res = await sql`
    update ${tbl(channel)}
       set state = ${outcome.state}, http_status = ${outcome.http_status}, error = ${outcome.error},
           sent_at = ${outcome.sent_at ?? null}, claimed_at = null
     where id = ${claim.id} and state = 'SENDING' and attempts = ${claim.attempts}`.execute(db)
  return Number(res.numAffectedRows ?? 0) > 0
}

/** SENDING rows whose claim went stale, oldest first: the sweeper re-queues their jobs. */
export async function staleClaims<Row extends DeliveryBase>(
  db: DbOrTrx,
  channel: DeliveryChannel,
  limit = 100,
): Promise<Row[]> {
  const res = await sql<Row>`
    select * from ${tbl(channel)}
     where state = 'SENDING' and claimed_at < ${staleBefore(channel)}
     order by claimed_at limit ${limit}`.execute(db)
  return res.rows
}

/**
 * The job id of a sweeper's re-queue: one per (row, attempt), so sweeping the same stale claim twice queues it once,
 * and a claim that goes stale again after a new attempt is queued again.
 */
export function sweepJobId(channel: DeliveryChannel, row: Pick<DeliveryBase, 'id' | 'attempts'>): string {
  return `sweep-${channel.table}-${row.id}-${row.attempts}`
}
