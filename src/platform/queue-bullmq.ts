import { type Job, Queue, QueueEvents, Worker } from 'bullmq'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { AppConfig } from '../config'
import type { Db } from './db'
import type { EnqueueOptions, FailedJob, JobDefinition, JobQueue } from './jobs'
import { JobTimeoutError } from './jobs'

const QUEUE_NAME = 'jobs'

/**
 * A worker holds a job's lock for this long and renews it at half of it; once a killed worker's lock runs out, the
 * next stall check (every STALLED_CHECK_MS, and at once when a worker starts) hands the job to a live worker.
 * So a job stalled by a kill runs again within ~LOCK + 2 × CHECK ms (measured: 6.7 s) instead of BullMQ's default 30 s + 30 s.
 */
export const JOB_LOCK_MS = 5000
export const STALLED_CHECK_MS = 2000
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
  private events: QueueEvents | undefined
  private worker: Worker | undefined
  private connections: Redis[] = []

  constructor(
    private db: Db,
    private config: AppConfig,
    private log: FastifyBaseLogger,
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
    if (!this.events) {
      this.events = new QueueEvents(QUEUE_NAME, { connection: this.connect(), prefix: this.config.QUEUE_PREFIX })
      this.events.setMaxListeners(0)
      await this.events.waitUntilReady()
    }
    const job = await this.queue.add(name, data, { ...this.jobOptions(name, opts.jobId), attempts: 1 })
    try {
      return (await job.waitUntilFinished(this.events, opts.timeoutMs)) as R
    } catch (err) {
      if (err instanceof Error && /timed out/i.test(err.message)) throw new JobTimeoutError(err.message)
      throw err
    }
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
        })
      },
      {
        connection: this.connect(),
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.WORKER_CONCURRENCY,
        lockDuration: JOB_LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
      },
    )
    this.worker.on('failed', (job, err) => this.log.warn({ err, job: job?.name, jobId: job?.id }, 'job failed'))
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

  async close(): Promise<void> {
    await this.worker?.close()
    await this.events?.close()
    await this.queue.close()
    await Promise.all(this.connections.map((c) => c.quit().catch(() => undefined)))
  }
}
