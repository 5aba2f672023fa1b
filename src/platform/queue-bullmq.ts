import { type Job, Queue, QueueEvents, Worker } from 'bullmq'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { AppConfig } from '../config'
import type { Db } from './db'
import type { EnqueueOptions, FailedJob, JobDefinition, JobMetrics, JobQueue, QueueStats } from './jobs'
import { HoldBack, JobTimeoutError, within } from './jobs'
import { SettingsCache } from './settings-cache'

const QUEUE_NAME = 'jobs'

/**
 * A worker holds a job's lock for this long and renews it at half of it; once a killed worker's lock runs out, the
 * next stall check (every STALLED_CHECK_MS, and at once when a worker starts) hands the job to a live worker.
 * So a job stalled by a kill runs again within ~LOCK + 2 × CHECK ms (measured: 6.7 s) instead of BullMQ's default 30 s + 30 s.
 */
export const JOB_LOCK_MS = 5000
export const STALLED_CHECK_MS = 2000
/** How long the event stream stays open after the last run() returned: a burst of them shares one listener. */
const EVENTS_IDLE_MS = 5000

/**
 * Retention in Redis. Completed jobs stay an hour (a relay re-send after a crash comes within seconds, and handlers
 * are idempotent anyway), at most 5,000; failed jobs are the dead-letter view: 30 days, at most 10,000.
 */
export const KEEP_COMPLETED = { age: 3600, count: 5000 }
export const KEEP_FAILED = { age: 30 * 24 * 3600, count: 10_000 }

/** The production queue: BullMQ on Redis; the worker process runs the handlers. */
export class BullmqJobQueue implements JobQueue {
  private defs = new Map<string, JobDefinition>()
  private queue: Queue
  private events: Promise<QueueEvents> | undefined
  private eventsConnection: Redis | undefined
  private eventsIdle: NodeJS.Timeout | undefined
  /** Callers of run() waiting for their job's result. */
  private waiting = 0
  private worker: Worker | undefined
  private connections: Redis[] = []
  readonly settings = new SettingsCache()
  /** BullMQ reads a worker's concurrency before each fetch: lowered, it takes no new job until one ends. */
  private held = new HoldBack(
    () => this.config.WORKER_CONCURRENCY,
    (limit) => {
      if (this.worker) this.worker.concurrency = limit
    },
  )

  constructor(
    private db: Db,
    private config: AppConfig,
    private log: FastifyBaseLogger,
    private metrics?: JobMetrics,
  ) {
    this.queue = new Queue(QUEUE_NAME, { connection: this.connect(), prefix: config.QUEUE_PREFIX })
    // Every caller waiting for a job's result listens on the queue: many at once is normal here.
    this.queue.setMaxListeners(0)
  }

  private connect(): Redis {
    const conn = new Redis(this.config.REDIS_URL!, { maxRetriesPerRequest: null })
    conn.on('error', (err) => this.log.warn({ err }, 'redis connection error'))
    this.connections.push(conn)
    return conn
  }

  register<T, R>(def: JobDefinition<T, R>): void {
    this.defs.set(def.name, def as JobDefinition)
  }

  async enqueue(name: string, data: unknown, opts: EnqueueOptions = {}): Promise<void> {
    await this.queue.add(name, data, this.jobOptions(name, opts.jobId, opts.delayMs))
  }

  private jobOptions(name: string, jobId?: string, delayMs?: number) {
    return {
      jobId,
      delay: delayMs,
      attempts: this.defs.get(name)?.attempts ?? this.config.JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.JOB_BACKOFF_MS },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    }
  }

  async run<R>(name: string, data: unknown, opts: { timeoutMs: number; jobId?: string }): Promise<R> {
    this.waiting++
    try {
      const events = await this.queueEvents()
      const job = await this.queue.add(name, data, { ...this.jobOptions(name, opts.jobId), attempts: 1 })
      return (await job.waitUntilFinished(events, opts.timeoutMs)) as R
    } catch (err) {
      if (err instanceof Error && /timed out/i.test(err.message)) throw new JobTimeoutError(err.message)
      throw err
    } finally {
      if (--this.waiting === 0) this.closeEventsWhenIdle()
    }
  }

  /**
   * The queue's event stream, open only while someone waits on a job: it carries every job's every step, so a
   * listener left open would make this process read the worker's whole traffic (measured: ~6 % of the api's CPU
   * under an order burst, after a single payment-key check).
   */
  private queueEvents(): Promise<QueueEvents> {
    clearTimeout(this.eventsIdle)
    if (!this.events) {
      const connection = new Redis(this.config.REDIS_URL!, { maxRetriesPerRequest: null })
      connection.on('error', (err) => this.log.warn({ err }, 'redis connection error'))
      const events = new QueueEvents(QUEUE_NAME, { connection, prefix: this.config.QUEUE_PREFIX })
      events.setMaxListeners(0)
      this.eventsConnection = connection
      this.events = events.waitUntilReady().then(
        () => events,
        async (err) => {
          // Not kept: the next run() tries again.
          this.events = undefined
          this.eventsConnection = undefined
          await events.close().catch(() => undefined)
          await connection.quit().catch(() => undefined)
          throw err
        },
      )
    }
    return this.events
  }

  private closeEventsWhenIdle() {
    clearTimeout(this.eventsIdle)
    this.eventsIdle = setTimeout(() => {
      if (this.waiting > 0 || !this.events) return
      void this.closeEvents()
    }, EVENTS_IDLE_MS)
    this.eventsIdle.unref()
  }

  private async closeEvents() {
    const events = this.events
    const connection = this.eventsConnection
    this.events = undefined
    this.eventsConnection = undefined
    await events?.then((e) => e.close()).catch(() => undefined)
    await connection?.quit().catch(() => undefined)
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    // One scheduler per name in Redis: every process may upsert it, the job still runs once per period.
    await this.queue.upsertJobScheduler(
      name,
      { every: everyMs },
      {
        name,
        data: {},
        opts: {
          attempts: this.defs.get(name)?.attempts ?? this.config.JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.config.JOB_BACKOFF_MS },
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: KEEP_FAILED,
        },
      },
    )
  }

  holdBack(): () => void {
    return this.held.hold()
  }

  heldBack(): boolean {
    return this.held.held
  }

  /** How many jobs this process's worker runs at once now (the tests read it). */
  get concurrency(): number {
    return this.held.limit
  }

  async startWorkers(): Promise<void> {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job: Job) => {
        const def = this.defs.get(job.name)
        if (!def) throw new Error(`no handler for job ${job.name}`)
        return def.handler(job.data, {
          db: this.db,
          config: this.config,
          log: this.log.child({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 }),
          jobs: this,
          jobId: job.id ?? '',
          attempt: job.attemptsMade + 1,
          metrics: this.metrics,
          settings: this.settings,
        })
      },
      {
        connection: this.connect(),
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.held.limit,
        lockDuration: JOB_LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
      },
    )
    this.worker.on('failed', (job, err) => {
      this.log.warn({ err, job: job?.name, jobId: job?.id }, 'job failed')
      this.metrics?.jobFailed(job?.name ?? 'unknown')
    })
    await this.worker.waitUntilReady()
  }

  async failed(limit = 50): Promise<FailedJob[]> {
    const jobs = await this.queue.getFailed(0, limit - 1)
    return jobs.map((j) => ({
      id: j.id ?? '',
      name: j.name,
      attempts: j.attemptsMade,
      error: j.failedReason ?? null,
      failedAt: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
    }))
  }

  async stats(): Promise<QueueStats[]> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed')
    // The wait list's far end is the next job a worker takes: the oldest one ready.
    const [oldest] = await this.queue.getJobs(['wait'], -1, -1)
    const readySince = oldest ? oldest.timestamp + (oldest.delay ?? 0) : undefined
    return [
      {
        queue: QUEUE_NAME,
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        oldestWaitingAgeMs: readySince ? Math.max(0, Date.now() - readySince) : 0,
      },
    ]
  }

  /**
   * Stops taking jobs and waits for the running ones up to `deadlineMs`. Past it the caller may exit with jobs running.
   */
  async close(deadlineMs?: number): Promise<boolean> {
    let finished = true
    if (this.worker) {
      const worker = this.worker
      // Past the deadline the running jobs are abandoned to the process's exit: their locks run out and the stall
      // check hands them to a live worker (JOB_LOCK_MS), so nothing is lost, only run again.
      finished = await within(worker.close(), deadlineMs)
    }
    clearTimeout(this.eventsIdle)
    await this.closeEvents()
    await this.queue.close()
    await Promise.all(this.connections.map((c) => c.quit().catch(() => undefined)))
    return finished
  }
}
