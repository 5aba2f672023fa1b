import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { AppConfig } from '../config'
import type { Db, Trx } from './db'
import type { EventDef } from './events'
import type { SettingsCache } from './settings-cache'

export interface JobContext {
  db: Db
  config: AppConfig
  log: FastifyBaseLogger
  /** Counts failures of outside calls (integration label); absent where no metrics are kept. */
  metrics?: Pick<JobMetrics, 'deliveryFailed'>
  jobs: JobQueue
  jobId: string
  attempt: number
  /** Per-store settings kept across this process's jobs (settings-cache.ts); absent where a context is made by hand. */
  settings?: SettingsCache
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
  everyMs?: number | ((config: AppConfig) => number)
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
  /** What this queue's handlers share as `ctx.settings` (the runtime keeps it in step with the merchants' saves). */
  readonly settings?: SettingsCache
  /** New jobs were committed by someone else's transaction (the relay): look now rather than at the next poll. */
  wake?(): void
  /**
   * Work that must come first in this process (the billing lanes with due cycles: money moves before e-mails and
   * rollups, which may run a moment later) holds the other jobs back: until the returned release is called, this
   * process runs at most PRIORITY_FLOOR jobs besides each holder's own (a floor: events never stop). The release is
   * idempotent; holders count, the full concurrency comes back with the last release.
   */
  holdBack?(): () => void
  /** True while a priority work holds this process back: a batch handler then takes its events one at a time. */
  heldBack?(): boolean
  startWorkers(): Promise<void>
  failed(limit?: number): Promise<FailedJob[]>
  /** Depth and the oldest ready job's age per queue, for the metrics and the worker's health. */
  stats(): Promise<QueueStats[]>
  /**
   * Stops taking jobs and waits for the running ones up to `deadlineMs`; past it, running jobs are left to the
   * queue's stall detection (another worker takes them again). True when every running job finished in time.
   */
  close(deadlineMs?: number): Promise<boolean>
}

/** What a queue reports to the process's metrics. */
export interface JobMetrics {
  jobFailed(job: string): void
  deliveryFailed(integration: string): void
}

/**
 * Other jobs a process keeps running while a priority work holds it back (JobQueue.holdBack). Each job mostly waits on
 * the database, so the share of the worker's CPU it gets is about its share of the flows in flight: 2 event jobs
 * (each taking its batch one event at a time, `heldBack`) beside the 4 billing lanes leave the lanes two thirds of it,
 * where 32 jobs of 4 parallel e-mails each left them a fraction (measured with the checkout on: during the renewals
 * the worker ran 7.4 'pedido recebido' statements per renewal at a floor of 4 with 4-wide batches). Not 1: one slow
 * job (a webhook to a slow endpoint) would then stop every event.
 */
export const PRIORITY_FLOOR = 2

/** The concurrency of a queue's worker as holders lower it and their releases restore it (both queues use it). */
export class HoldBack {
  private holders = 0

  constructor(
    private full: () => number,
    private apply: (limit: number) => void,
  ) {}

  /** Jobs at once now: the configured concurrency, or the floor plus the holders' own slots while held. */
  get limit(): number {
    const full = this.full()
    return this.holders === 0 ? full : Math.min(full, PRIORITY_FLOOR + this.holders)
  }

  get held(): boolean {
    return this.holders > 0
  }

  hold(): () => void {
    this.holders++
    this.apply(this.limit)
    let released = false
    return () => {
      if (released) return
      released = true
      this.holders--
      this.apply(this.limit)
    }
  }
}

/** Resolves true when `work` ends within `ms`, false (leaving it running) when the time runs out first. */
export async function within(work: Promise<unknown>, ms: number | undefined): Promise<boolean> {
  if (ms === undefined) return work.then(() => true)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([work.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}

export interface QueueStats {
  queue: string
  waiting: number
  active: number
  delayed: number
  failed: number
  /** How long the oldest job ready to run has waited to be taken; 0 when none waits. */
  oldestWaitingAgeMs: number
}

/** Thrown by a handler when retrying cannot help; the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'UnrecoverableError'
}

export class JobTimeoutError extends Error {}

/**
 * Which events of a relay batch a subscriber has work for, answered for the whole batch at once (one query at most,
 * in the relay's transaction); the others never become jobs. It may only skip what the handler would skip anyway
 * (a store without the integration, a status the handler ignores), since it decides a moment before the handler would.
 */
export type Relevance<S extends z.ZodType> = (payloads: z.output<S>[], db: Db) => Promise<boolean[]> | boolean[]

/** One event as a batch handler sees it. */
export interface BatchedEvent<T> {
  eventId: string
  payload: T
}

export interface Subscription<S extends z.ZodType = z.ZodType> {
  event: EventDef<S>
  /** Unique handler name; also the job name. */
  name: string
  handler: (payload: z.output<S>, ctx: JobContext & { eventId: string }) => Promise<void>
  attempts?: number
  relevant?: Relevance<S>
  /** Set by subscribeBatch: the relay hands over each batch of these events as one job. */
  batch?: (events: BatchedEvent<z.output<S>>[], ctx: JobContext) => Promise<void>
}

export function subscribe<S extends z.ZodType>(
  event: EventDef<S>,
  name: string,
  handler: Subscription<S>['handler'],
  opts: { attempts?: number; relevant?: Relevance<S> } = {},
): Subscription<S> {
  return { event, name, handler, ...opts }
}

/**
 * A subscriber that takes the events of a relay pass together: one job (and usually one transaction) for the many
 * orders a burst brings, instead of one each. A re-sent pass may group the events differently, so unlike `subscribe`
 * the handler must be idempotent by state, not by event id (it may see an event twice, in two batches).
 */
export function subscribeBatch<S extends z.ZodType>(
  event: EventDef<S>,
  name: string,
  batch: NonNullable<Subscription<S>['batch']>,
  opts: { attempts?: number; relevant?: Relevance<S> } = {},
): Subscription<S> {
  return { event, name, batch, handler: (payload, ctx) => batch([{ eventId: ctx.eventId, payload }], ctx), ...opts }
}

/** What an event job carries: the outbox row it came from, or the rows of one relay pass for a batch subscriber. */
export type EventJobData =
  | { eventId: string; event: string; payload: unknown }
  | { event: string; events: { eventId: string; payload: unknown }[] }

export function backoffDelay(baseMs: number, attempt: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1)
}
