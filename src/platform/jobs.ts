import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { AppConfig } from '../config'
import type { Db, Trx } from './db'
import type { EventDef } from './events'

export interface JobContext {
  db: Db
  config: AppConfig
  log: FastifyBaseLogger
  jobs: JobQueue
  jobId: string
  attempt: number
}

export interface JobDefinition<T = unknown, R = unknown> {
  name: string
  handler: (data: T, ctx: JobContext) => Promise<R>
  /** Total tries before the job is kept as failed. */
  attempts?: number
  /**
   * Run periodically (e.g. a sweeper): the runtime schedules it once at start with `JobQueue.schedule`. Runs once per
   * period across every process, with `{}` as data; the handler must be idempotent like any job.
   */
  everyMs?: number
}

export interface EnqueueOptions {
  /** Same id twice is one job: how re-sends stay no-ops. */
  jobId?: string
  delayMs?: number
  /** The embedded queue writes the job in this transaction, so the enqueue commits with the caller's change. */
  trx?: Trx
}

export interface FailedJob {
  id: string
  name: string
  attempts: number
  error: string | null
  failedAt: string | null
}

export interface JobQueue {
  register<T, R>(def: JobDefinition<T, R>): void
  enqueue(name: string, data: unknown, opts?: EnqueueOptions): Promise<void>
  /** Enqueue and wait for the result, for callers that need the answer now. */
  run<R>(name: string, data: unknown, opts: { timeoutMs: number; jobId?: string }): Promise<R>
  /**
   * Runs the registered job `name` every `everyMs` (data `{}`), once per period whichever processes call this:
   * BullMQ keeps one job scheduler in Redis; the embedded queue enqueues one job per period with an id of that period.
   */
  schedule(name: string, everyMs: number): Promise<void>
  /** New jobs were committed by someone else's transaction (the relay): look now rather than at the next poll. */
  wake?(): void
  startWorkers(): Promise<void>
  failed(limit?: number): Promise<FailedJob[]>
  close(): Promise<void>
}

/** Thrown by a handler when retrying cannot help; the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'UnrecoverableError'
}

export class JobTimeoutError extends Error {}

export interface Subscription<S extends z.ZodType = z.ZodType> {
  event: EventDef<S>
  /** Unique handler name; also the job name. */
  name: string
  handler: (payload: z.output<S>, ctx: JobContext & { eventId: string }) => Promise<void>
  attempts?: number
}

export function subscribe<S extends z.ZodType>(
  event: EventDef<S>,
  name: string,
  handler: Subscription<S>['handler'],
  attempts?: number,
): Subscription<S> {
  return { event, name, handler, attempts }
}

/** What an event job carries: the outbox row it came from. */
export interface EventJobData {
  eventId: string
  event: string
  payload: unknown
}

export function backoffDelay(baseMs: number, attempt: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1)
}
